import path from 'node:path';
import { badgeDays, type Badge, type EntryView } from '../../core/changelog';
import { atomFeed } from '../pipeline/changelog/atom';
import { readHistory } from '../pipeline/changelog/history';
import { changelogView, mergeViews, recentChanges } from '../pipeline/changelog/view';
import type { ApiOptions, ChangelogOptions } from '../pipeline/options';
import type { ResolvedDocument } from '../pipeline/resolve';
import { writeFileAtomic } from '../pipeline/writeAtomic';

/** What a changelog page renders: `<Changelog {...data} />`. */
export interface ChangelogPageData {
  apis: { id: string; title: string }[];
  entries: EntryView[];
  /** Site path of the page's Atom feed. */
  feed: string;
}

export interface BuiltChangelog {
  /** By API id: its page's data and MDX file, and the badges of its reference pages. */
  apis: Map<
    string,
    { data: ChangelogPageData; page: { name: string; content: string }; badges: Record<string, Badge> }
  >;
  all: ChangelogPageData;
}

/**
 * Reads the history of every API that has one and reference pages, and links it into the API's resolved document;
 * badges are the changes of the `badgeDays` before `now`.
 */
export async function buildChangelog(
  siteDir: string,
  apis: readonly ApiOptions[],
  resolved: readonly ResolvedDocument[],
  options: ChangelogOptions,
  now: Date,
): Promise<BuiltChangelog> {
  const built: BuiltChangelog['apis'] = new Map();
  const titles: ChangelogPageData['apis'] = [];
  for (const api of apis) {
    const document = resolved.find((candidate) => candidate.id === api.id)?.document;
    if (!api.pages || !api.changelog || !document) continue;
    const title = api.pages.overview?.title ?? api.id;
    const { linkBase, slugBase } = api.pages;
    const history = await readHistory(path.resolve(siteDir, api.changelog), api.id);
    const page = `${linkBase}/changelog`;
    const entries = changelogView(history, document, { api: api.id, apiTitle: title, linkBase, page });
    const dataModule = `@site/${options.dataDir}/${api.id}.json`;
    titles.push({ id: api.id, title });
    built.set(api.id, {
      data: { apis: [{ id: api.id, title }], entries, feed: `${page}/atom.xml` },
      page: {
        name: 'changelog.mdx',
        content: apiChangelogPage({ title, slugBase, dataModule, allRoute: options.route }),
      },
      badges: recentChanges(entries, now),
    });
  }
  const all: ChangelogPageData = {
    apis: titles,
    entries: mergeViews([...built.values()].map((api) => api.data.entries)),
    feed: `${options.route}/atom.xml`,
  };
  return { apis: built, all };
}

/** The MDX page of one API's changelog, in the API's generated folder; its data is a JSON module beside the facts. */
export function apiChangelogPage(options: {
  title: string;
  slugBase: string;
  dataModule: string;
  /** The changelog of all APIs. */
  allRoute: string;
}): string {
  return [
    '---',
    'id: changelog',
    `title: ${JSON.stringify(`${options.title} changelog`)}`,
    'sidebar_label: "Changelog"',
    `description: ${JSON.stringify(`What changed in the ${options.title}, newest first, breaking changes first, with an Atom feed.`)}`,
    `slug: ${options.slugBase}/changelog`,
    '---',
    '',
    "import Changelog from '@site/src/components/Changelog';",
    `import changelog from ${JSON.stringify(options.dataModule)};`,
    '',
    `What changed in the ${options.title} each time its OpenAPI document was updated, newest first. Calls and fields`,
    `that changed in the last ${badgeDays} days carry a "Changed" badge in the reference that links here. The`,
    `[changelog of all APIs](${options.allRoute}) has every API's entries in one list.`,
    '',
    '<Changelog {...changelog} />',
    '',
  ].join('\n');
}

/** Writes the pages' data and the Atom feeds (into the static folder, so `npm start` serves them too). */
export async function writeChangelog(
  siteDir: string,
  built: BuiltChangelog,
  options: ChangelogOptions & { staticDir: string; siteUrl: string; now: Date },
): Promise<void> {
  const feed = (data: ChangelogPageData, title: string) =>
    atomFeed(data.entries, {
      title,
      siteUrl: options.siteUrl,
      page: data.feed.replace(/\/atom\.xml$/, ''),
      feed: data.feed,
      author: options.author,
      fallbackUpdated: options.now.toISOString().replace(/\.\d+Z$/, 'Z'),
    });
  for (const [id, api] of built.apis) {
    await writeFileAtomic(path.resolve(siteDir, options.dataDir, `${id}.json`), JSON.stringify(api.data));
    const title = `${options.author} ${api.data.apis[0]?.title ?? id} changelog`;
    await writeFileAtomic(path.resolve(siteDir, options.staticDir, `.${api.data.feed}`), feed(api.data, title));
  }
  await writeFileAtomic(path.resolve(siteDir, options.dataDir, 'all.json'), JSON.stringify(built.all));
  await writeFileAtomic(
    path.resolve(siteDir, options.staticDir, `.${built.all.feed}`),
    feed(built.all, `${options.author} API changelog`),
  );
}
