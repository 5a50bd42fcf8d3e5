import { apiCatalogPath } from './apiCatalog';
import type { ExportApi } from './exportPages';
import { markdownText } from '../../core/text/escape';

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
  for (const section of sections) {
    const inSection = pages.filter((page) => page.section === section);
    if (inSection.length === 0) continue;
    lines.push(`## ${section}`, '');
    for (const page of inSection) {
      const description = markdownText(page.description);
      lines.push(
        `- [${markdownText(page.title)}](${site.url}${twinPath(page.route)})${description ? `: ${description}` : ''}`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n').trim()}\n`;
}

/** `/llms-full.txt`: every page's Markdown, one after the other, each headed by its URL. */
export function llmsFullTxt(site: { title: string; summary: string; url: string }, pages: ExportPage[]): string {
  const parts = [`# ${site.title}`, '', `> ${markdownText(site.summary)}`];
  for (const page of pages) {
    parts.push('', '---', '', `Source: ${site.url}${page.route}`, '', page.markdown.trim());
  }
  return `${parts.join('\n')}\n`;
}
