import { createHash } from 'node:crypto';
import type { JsonObject } from '../../core/openapi/document';
import { operationViews, webhookViews, type OperationView } from '../../core/openapi/view';
import { htmlPage, type HtmlPage } from './htmlPage';
import type { ExportPage } from './llms';
import { operationMarkdown as writeOperationMarkdown } from '../../core/openapi/operationMarkdown';
import { descriptionLinks } from '../../core/openapi/descriptionLinks';
import type { LinkTargets } from '../../core/markdown/links';
import { splitReference, tagSlice, type ReferenceTagPage } from '../../core/openapi/referencePages';
import { markdownText } from '../../core/text/escape';

/** An API whose generated pages and single-page reference the exports write from its document. */
export interface ExportApi {
  id: string;
  name: string;
  /** Route of its generated pages: `/docs/data-api`. */
  linkBase: string;
  /** Route of its single-page reference: `/api/data`. */
  reference: string;
  /** Route of its overview (authentication, paging, errors): `/docs/data-api/data`. */
  overview: string;
  credentialVariable: string;
  baseUrlVariable: string;
  /** Origins the samples may call (src/build/hosts.ts). */
  trustedOrigins: readonly string[];
  /** The document's site-relative description links are this portal's pages (`ApiRecord.portalLinks`). */
  portalLinks?: boolean;
}

/**
 * Markdown with every heading one level down, for a page that holds others under its own title. Lines inside a fenced
 * code block are code (a shell comment, a Python one): left as they are.
 */
export function demoteHeadings(markdown: string): string {
  let fence: RegExp | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      if (fence) {
        if (fence.test(line)) fence = undefined;
        return line;
      }
      const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (opening) {
        // Closed by a run of the same character at least as long, with nothing after it (CommonMark).
        fence = new RegExp(`^ {0,3}${opening[1][0]}{${opening[1].length},}\\s*$`);
        return line;
      }
      return line.startsWith('#') ? `#${line}` : line;
    })
    .join('\n');
}

/** The llms.txt sections, in order. */
export const sections = [
  'Getting started',
  // The multi-call tasks of openapi/recipes/ (src/plugins/recipes), a section of their own for an assistant to find.
  'Recipes',
  'Partner integration guide',
  'API documentation',
  'Single-page references',
];

export function sectionsWithApis(apis: ExportApi[]): string[] {
  return [...sections, ...apis.flatMap((api) => [`${api.name} calls`, `${api.name} webhooks`, `${api.name} schemas`])];
}

import { isExported } from '../../core/markdownTwin';

function sectionOf(route: string, apis: ExportApi[]): string {
  for (const api of apis) {
    if (route.startsWith(`${api.linkBase}/schemas/`)) return `${api.name} schemas`;
    if (route.startsWith(`${api.linkBase}/webhooks/`)) return `${api.name} webhooks`;
    if (route === api.reference || route.startsWith(`${api.reference}/`)) return 'Single-page references';
  }
  if (route.startsWith('/getting-started/partner-integration-guide')) return 'Partner integration guide';
  if (route.startsWith('/getting-started/recipes')) return 'Recipes';
  if (route.startsWith('/getting-started') || route === '/') return 'Getting started';
  return 'API documentation';
}

type OperationMarkdown = (view: OperationView, api: ExportApi & { links: LinkTargets }) => string;

/**
 * `operationMarkdown`, each call's Markdown written once where two pages hold it: a call's own page and the part of a
 * split single-page reference that holds it (Microsoft Graph's 11,422 calls and 419 tag pages, measured alone on
 * 2026-11-28: 30 s with it, against 11 s for the calls' pages and 28 s for the tag pages apart). Known by its view's whole text and its API: the links of an API are the same functions
 * of the same document for both pages (`linksOf`). Let go once reused: a call is on two pages at most.
 */
function sharedOperationMarkdown(): OperationMarkdown {
  const written = new Map<string, string>();
  return (view, api) => {
    const key = createHash('sha256').update(api.id).update('\0').update(JSON.stringify(view)).digest('base64');
    const known = written.get(key);
    if (known !== undefined) {
      written.delete(key);
      return known;
    }
    const markdown = writeOperationMarkdown(view, api);
    written.set(key, markdown);
    return markdown;
  };
}

/**
 * Every exported page of the build: operation pages and single-page references written from the resolved documents
 * (so their Markdown carries every limit and default as the document states it), all other pages from their HTML.
 */
export function exportPages(
  routes: string[],
  apis: { api: ExportApi; document: JsonObject }[],
  readHtml: (route: string) => string,
  /** How many calls one single page holds before it is split by tag (`pageCallsFrom`). */
  pageCalls: number,
  /** What a page's HTML says (`htmlPage`, or a memo of it: twinMemo.ts). */
  pageOf: (html: string) => HtmlPage = htmlPage,
): ExportPage[] {
  const operationMarkdown = sharedOperationMarkdown();
  const operations = new Map<string, { api: ExportApi; view: OperationView; links: LinkTargets }>();
  // Once per API: a split reference's every tag page asks again, and each time was a pass over all of its calls
  // (Autotask's 372 tag pages: every twin 24.0 s before, 18.7 and 19.2 s after, measured alone under load, 2026-11-29).
  const linkTargets = new Map<ExportApi, LinkTargets>();
  const linksOf = (api: ExportApi, document: JsonObject) => {
    let known = linkTargets.get(api);
    if (!known) {
      known = descriptionLinks(document, {
        linkBase: api.linkBase,
        referenceRoute: api.reference,
        portalLinks: api.portalLinks,
      });
      linkTargets.set(api, known);
    }
    return known;
  };
  for (const { api, document } of apis) {
    const links = linksOf(api, document);
    for (const view of operationViews(document, api.id)) {
      operations.set(`${api.linkBase}/${view.slug}`, { api, view, links });
    }
  }
  const apiList = apis.map(({ api }) => api);
  // A reference split by tag (`splitReference`): its index and each tag's page, by route.
  const splitPages = new Map<
    string,
    { api: ExportApi; document: JsonObject; pages: ReferenceTagPage[]; page: ReferenceTagPage | undefined }
  >();
  for (const { api, document } of apis) {
    const pages = splitReference(document, pageCalls);
    if (!pages) continue;
    splitPages.set(api.reference, { api, document, pages, page: undefined });
    for (const page of pages) splitPages.set(`${api.reference}/${page.slug}`, { api, document, pages, page });
  }
  return [...new Set(routes)]
    .filter(isExported)
    .sort()
    .map((route): ExportPage => {
      const operation = operations.get(route);
      if (operation) {
        const { api, view, links } = operation;
        return {
          route,
          title: view.summary,
          description: `${view.method.toUpperCase()} ${view.path}`,
          section: `${api.name} calls`,
          markdown: operationMarkdown(view, { ...api, links }),
        };
      }
      const split = splitPages.get(route);
      if (split) {
        return referencePartPage(route, split, linksOf, operationMarkdown);
      }
      const reference = apis.find(({ api }) => api.reference === route);
      if (reference) {
        const views = operationViews(reference.document, reference.api.id);
        const links = linksOf(reference.api, reference.document);
        return {
          route,
          title: `${reference.api.name} reference`,
          description: `Every call of the ${reference.api.name} on one page.`,
          section: 'Single-page references',
          markdown: [
            `# ${reference.api.name} reference`,
            '',
            ...views.map((view) => demoteHeadings(operationMarkdown(view, { ...reference.api, links }))),
          ].join('\n'),
        };
      }
      const page = pageOf(readHtml(route));
      return { route, ...page, section: sectionOf(route, apiList) };
    });
}

/**
 * A split reference's page as Markdown: the index lists the tags' pages, a tag's page holds its calls as the whole
 * single page would.
 */
function referencePartPage(
  route: string,
  {
    api,
    page,
    pages,
    document,
  }: { api: ExportApi; page: ReferenceTagPage | undefined; pages: readonly ReferenceTagPage[]; document: JsonObject },
  linksOf: (api: ExportApi, document: JsonObject) => LinkTargets,
  operationMarkdown: OperationMarkdown,
): ExportPage {
  const section = 'Single-page references';
  if (!page) {
    const webhooks = webhookViews(document, api.id);
    return {
      route,
      title: `${api.name} reference`,
      description: `The calls of the ${api.name}, a page for each tag.`,
      section,
      markdown: [
        `# ${api.name} reference`,
        '',
        ...pages.map(
          (entry) =>
            `- [${markdownText(entry.name)}](${api.reference}/${entry.slug}.md): ${entry.calls} ${entry.calls === 1 ? 'call' : 'calls'}`,
        ),
        // As the index page: the webhooks after the tags, each its own page's twin.
        ...(webhooks.length > 0
          ? [
              '',
              '## Webhooks',
              '',
              ...webhooks.map((hook) => `- [${markdownText(hook.name)}](${api.linkBase}/${hook.slug}.md)`),
            ]
          : []),
      ].join('\n'),
    };
  }
  const links = linksOf(api, document);
  const views = operationViews(tagSlice(document, page.tag), api.id);
  return {
    route,
    title: `${page.name}: ${api.name} reference`,
    description: `The calls of the ${api.name} tagged ${page.name}.`,
    section,
    markdown: [
      `# ${markdownText(`${page.name}: ${api.name} reference`)}`,
      '',
      ...views.map((view) => demoteHeadings(operationMarkdown(view, { ...api, links }))),
    ].join('\n'),
  };
}

/** The llms-export plugin's options: each API as the openapi-source plugin publishes it; its name is the document's title. */
export interface LlmsExportOptions {
  apis: Omit<ExportApi, 'name'>[];
}
