import { apiCatalogPath } from './apiCatalog';
import type { ExportApi } from './exportPages';
import { markdownText } from '../../core/text/escape';
import { kebabCase } from '../../core/openapi/view/slugs';

/** One page of the site as the exports see it. */
export interface ExportPage {
  /** Site route, such as `/docs/webhooks`. */
  route: string;
  title: string;
  /** One line on what the page covers (its meta description). */
  description: string;
  /** Heading of the llms.txt section the page is listed under. */
  section: string;
  markdown: string;
}

import { twinPath } from '../../core/markdownTwin';

/**
 * `/llms.txt` after the llms.txt proposal: the site's name as the title, a one-line summary in a blockquote, then one
 * section per kind of page, each page a link to its Markdown twin with a one-line description.
 */
export function llmsTxt(
  site: { title: string; summary: string; url: string },
  pages: ExportPage[],
  sections: string[],
  apis: readonly Pick<ExportApi, 'name' | 'overview' | 'credentialVariable' | 'baseUrlVariable'>[] = [],
): string {
  const lines = [`# ${site.title}`, '', `> ${markdownText(site.summary)}`, ''];
  lines.push(
    'Every page below is linked as Markdown. The full text of all pages and every API operation is in',
    `[llms-full.txt](${site.url}/llms-full.txt).`,
    '',
  );
  if (apis.length > 0) {
    // For assistants that write or run code against the APIs: where the credential comes from and goes, in the
    // environment convention every sample of the site follows, and the machine-readable list of the APIs.
    lines.push('## For AI assistants', '');
    lines.push(
      `- The APIs, their OpenAPI documents and docs are listed in the [API catalog](${site.url}${apiCatalogPath}) (RFC 9727).`,
    );
    for (const api of apis) {
      lines.push(
        `- ${markdownText(api.name)}: read the credential from \`${api.credentialVariable}\` and the base URL from \`${api.baseUrlVariable}\`, as every sample does; how to get the credential and where it goes: [overview](${site.url}${twinPath(api.overview)}).`,
      );
    }
    lines.push('');
  }
  const files = sectionFiles(sections);
  for (const section of sections) {
    const inSection = pages.filter((page) => page.section === section);
    if (inSection.length === 0) continue;
    lines.push(`## ${markdownText(section)}`, '');
    if (inSection.length > llmsSectionListed) {
      const file = files.get(section) ?? '';
      lines.push(`${inSection.length.toLocaleString('en-US')} pages, listed in [${file}](${site.url}/${file}).`);
    } else lines.push(...inSection.map((page) => pageLine(site, page)));
    lines.push('');
  }
  return `${lines.join('\n').trim()}\n`;
}

/**
 * How many pages a section of `/llms.txt` lists itself. Past it, the section links to a file of its own that lists
 * them: Microsoft Graph's calls and schemas made an llms.txt of 14,021 lines (some 2.4 MB), which no assistant reads whole, and its
 * guides were lost among them.
 */
export const llmsSectionListed = 300;

/**
 * The file of each section's list, at the site's root (`llms/microsoft-graph-calls.txt`), by section. A section is
 * named by a document's title: its name keeps letters, digits and dashes, at most 100 of them (a title may be 300
 * characters, and a file name at most 255 bytes), and a name two sections would share gets `-2`, `-3`.
 */
function sectionFiles(sections: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const section of sections) {
    const base = kebabCase(section).slice(0, 100).replace(/-+$/, '') || 'pages';
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}-${suffix}`;
    taken.add(name);
    names.set(section, `llms/${name}.txt`);
  }
  return names;
}

function pageLine(site: { url: string }, page: ExportPage): string {
  const description = markdownText(page.description);
  return `- [${markdownText(page.title)}](${site.url}${twinPath(page.route)})${description ? `: ${description}` : ''}`;
}

/** The lists of the sections `/llms.txt` links to rather than lists (`llmsSectionListed`), as files to write. */
export function llmsSectionFiles(
  site: { title: string; url: string },
  pages: ExportPage[],
  sections: string[],
): { name: string; content: string }[] {
  const files = sectionFiles(sections);
  return sections.flatMap((section) => {
    const inSection = pages.filter((page) => page.section === section);
    if (inSection.length <= llmsSectionListed) return [];
    const lines = [
      `# ${markdownText(site.title)}: ${markdownText(section)}`,
      '',
      ...inSection.map((page) => pageLine(site, page)),
    ];
    return [{ name: files.get(section) ?? '', content: `${lines.join('\n')}\n` }];
  });
}

/** `/llms-full.txt`: every page's Markdown, one after the other, each headed by its URL. */
export function llmsFullTxt(site: { title: string; summary: string; url: string }, pages: ExportPage[]): string {
  const parts = [`# ${site.title}`, '', `> ${markdownText(site.summary)}`];
  for (const page of pages) {
    parts.push('', '---', '', `Source: ${site.url}${page.route}`, '', page.markdown.trim());
  }
  return `${parts.join('\n')}\n`;
}
