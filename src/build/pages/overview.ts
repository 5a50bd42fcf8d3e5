import type { OverviewOptions } from '../pipeline/options';

/** Generated files whose names no operation or schema page can have (page names never hold `--`). */
const overviewFileNames = { index: 'api--index.mdx', overview: 'api--overview.mdx' } as const;

function frontMatter(fields: Record<string, string | number>): string {
  // JSON strings are valid YAML, so no value can break out of its line.
  return ['---', ...Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`), '---'].join('\n');
}

/**
 * The two pages every API has besides its generated reference: its landing page (`/docs/<folder>/`) and its
 * overview (`/docs/<folder>/<overview>`), written from one template so that adding an API is one registry record
 * (config/apis.ts). The prose comes from that record, written by the site's authors; every figure on the pages comes
 * from the document, through the facts file and the ApiFacts components.
 */
export function overviewPages(api: OverviewOptions): { name: string; content: string }[] {
  const overviewRoute = `/docs${api.slugBase}/${api.overview}`;
  const index = [
    frontMatter({
      id: 'api--index',
      title: api.title,
      slug: `${api.slugBase}/`,
      sidebar_position: api.position,
      description: api.prose.description,
    }),
    '',
    `## What the ${api.title} covers`,
    '',
    api.prose.covers,
    '',
    '## Start reading',
    '',
    `The [${api.title} overview](${overviewRoute}) explains authentication, paging and errors; the [single-page reference](${api.reference}) lists every call; the [changelog](/docs${api.slugBase}/changelog) says what changed.`,
    '',
  ];
  const overview = [
    frontMatter({
      id: 'api--overview',
      title: api.prose.overviewTitle,
      slug: `${api.slugBase}/${api.overview}`,
      sidebar_position: 1,
      description: `Authentication, paging and errors of the ${api.prose.overviewTitle.replace(/ reference$/, '')}, and every call with a link to its page.`,
    }),
    '',
    "import ApiDownloads from '@site/src/components/ApiDownloads';",
    "import { AtAGlance, Authentication, CallList, ErrorTable, PagingTable } from '@site/src/components/ApiFacts';",
    `import facts from '@site/.generated/facts/${api.id}.json';`,
    '',
    api.prose.intro,
    '',
    `<AtAGlance facts={facts} reference=${JSON.stringify(api.reference)} />`,
    '',
    '## Authentication',
    '',
    '<Authentication facts={facts} />',
    '',
    `## ${api.prose.paging.heading}`,
    '',
    api.prose.paging.text,
    '',
    '<PagingTable facts={facts} />',
    '',
    '## Errors',
    '',
    '<ErrorTable facts={facts} />',
    '',
    '## All calls',
    '',
    '<CallList facts={facts} />',
    '',
    '## Changelog',
    '',
    `What changed in the ${api.title}, breaking changes first, is in its [changelog](/docs${api.slugBase}/changelog), which has an [Atom feed](pathname:///docs${api.slugBase}/changelog/atom.xml) for feed readers.`,
    '',
    '## Downloads',
    '',
    `<ApiDownloads api=${JSON.stringify(api.id)} />`,
    '',
  ];
  return [
    { name: overviewFileNames.index, content: index.join('\n') },
    { name: overviewFileNames.overview, content: overview.join('\n') },
  ];
}
