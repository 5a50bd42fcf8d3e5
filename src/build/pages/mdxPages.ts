import type { JsonObject } from '../../core/openapi/document';
import { sampleSettings } from '../../core/samples';
import { isTrustedServer, type ListedServer } from '../../core/openapi/servers';
import {
  operationSchemaRoots,
  schemaCatalog,
  type OperationView,
  type WebhookView,
  type SchemaCatalog,
  type SchemaNode,
  type SchemaView,
} from '../../core/openapi/view';
import { markdownTrees, parseMarkdown } from '../../core/markdown/parse';
import type { MarkdownTrees } from '../../core/markdown/tree';
import {
  pageDataRoute,
  type OperationPageData,
  type ReferencePageData,
  type SchemaPageData,
} from '../../core/openapi/pageData';
import { plainText } from '../../core/markdown/tree';
import type { LinkTargets } from '../../core/markdown/links';
import { descriptionLinks } from '../../core/openapi/descriptionLinks';
import { webhookDetails } from '../../core/openapi/view/webhookDetails';
import type { Badge, OperationBadges } from '../../core/changelog';
import type { PagesOptions } from '../pipeline/options';
import { schemaSections } from '../../core/openapi/lightDoc';

/** Front matter keywords: Docusaurus refuses an empty one (a call without an operationId has none), and repeats say nothing. */
function keywords(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value.trim() !== ''))];
}

/** A front matter value: JSON's double-quoted strings are valid YAML, so no value can break out of its line. */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

/*
 * A generated page imports nothing: the `/docs` instance's page component provides the components it uses
 * (src/components/ApiOperation/DocItem.tsx), so bundling reaches them once rather than once per page. Call and
 * schema pages are not bundled as MDX at all (lightDocs.ts): their MDX is read for its front matter, and must stay
 * exactly as written here for them to be recognised; webhook pages and anything else stay MDX.
 */

/** Data for a page, as an MDX export. JSON is valid JavaScript, so document text stays data and never becomes MDX. */
function exportConst(name: string, value: unknown): string {
  return `export const ${name} = ${JSON.stringify(value)};`;
}

function firstSentence(text: string): string {
  const [first] = parseMarkdown(text);
  const plain = first !== undefined && typeof first !== 'string' && first.t === 'p' ? plainText(first.c) : '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(plain)?.[1] ?? plain;
  return sentence.slice(0, 200);
}

const linkTargets = new WeakMap<JsonObject, Map<string, LinkTargets>>();

/**
 * Where the links in a document's descriptions lead, worked out once per document and place: the same document is
 * also written under a probe's route (`renderable.ts`), whose links must not reach the real pages.
 */
export function targetsOf(document: JsonObject, options: PagesOptions): LinkTargets {
  const linkOptions = { linkBase: options.linkBase, ...options.descriptionLinks };
  const key = JSON.stringify(linkOptions);
  let byPlace = linkTargets.get(document);
  if (!byPlace) {
    byPlace = new Map();
    linkTargets.set(document, byPlace);
  }
  let targets = byPlace.get(key);
  if (!targets) {
    targets = descriptionLinks(document, linkOptions);
    byPlace.set(key, targets);
  }
  return targets;
}

/**
 * The schema trees a page shows open, and where it fetches the others: a page carries the trees of its roots (a
 * response that is a named schema shows that schema's fields), every nested named field sized. Then the parsed
 * descriptions of everything the page carries (`data`, and those trees), which its `Markdown` components show.
 */
function schemaData(
  document: JsonObject,
  catalog: SchemaCatalog,
  roots: SchemaNode[],
  options: PagesOptions,
  data: unknown,
): { schemas: Record<string, SchemaNode>; schemaFiles: string; markdown: MarkdownTrees } {
  for (const root of roots) catalog.sized(root);
  const schemas = catalog.rootSchemas(roots);
  return {
    schemas,
    schemaFiles: options.schemaFiles.route,
    markdown: markdownTrees([data, schemas], targetsOf(document, options)),
  };
}

/** The MDX exports of a page whose data stays in its bundle (a webhook's page: an API has few). */
function schemaExports(
  document: JsonObject,
  catalog: SchemaCatalog,
  roots: SchemaNode[],
  options: PagesOptions,
  data: unknown,
): string[] {
  const { schemas, schemaFiles, markdown } = schemaData(document, catalog, roots, options, data);
  return [
    exportConst('schemas', schemas),
    '',
    `export const schemaFiles = ${JSON.stringify(schemaFiles)};`,
    '',
    exportConst('markdown', markdown),
  ];
}

/** A schema page's MDX inside its element: its intro, then each section's heading and part (schemaPageSections). */
export function schemaPageChildren(example: boolean): string[] {
  return [
    '<SchemaPageIntro />',
    '',
    ...schemaSections(example).flatMap((section) => [`## ${section.title}`, '', `<${section.part} />`, '']),
  ];
}

/** A generated page: its MDX, and the data it reads from a file of its own (src/core/openapi/pageData.ts). */
export interface GeneratedPage {
  content: string;
  data: ReferencePageData;
}

/**
 * The element that loads and shows a page's data. The route is a JSON string in an expression: MDX takes it as it is
 * written, whatever a slug holds.
 */
function referencePageElement(options: PagesOptions, slug: string, children: string[] = []): string[] {
  return referencePageLines(pageDataRoute(options.schemaFiles.route, slug), children);
}

/** The element's lines for a page data route: the light pages (lightDocs.ts) recognise a page by them. */
export function referencePageLines(dataRoute: string, children: string[] = []): string[] {
  const route = JSON.stringify(dataRoute);
  return children.length === 0
    ? [`<ReferencePage data={${route}} />`, '']
    : [`<ReferencePage data={${route}}>`, '', ...children, '</ReferencePage>', ''];
}

export function operationPage(
  document: JsonObject,
  view: OperationView,
  options: PagesOptions,
  catalog: SchemaCatalog = schemaCatalog(document),
): GeneratedPage {
  const servers: ListedServer[] = [
    ...view.servers.map((server) => ({
      label: server.name || server.description || 'Server',
      url: server.url,
      ...(server.variables ? { template: server.template, variables: server.variables } : {}),
      trusted: isTrustedServer(server.url, options.trustedOrigins),
    })),
    { label: 'Local mock', url: options.mockUrl, trusted: true },
  ];
  // The samples are written when the page renders (and again as the reader types in the explorer), from these.
  const samples = sampleSettings(document, options);
  const schemaParts = schemaData(document, catalog, operationSchemaRoots(view), options, view);
  const key = `${view.method.toUpperCase()} ${view.path}`;
  const parameterBadges = Object.fromEntries(
    view.parameters.flatMap((parameter): [string, Badge][] => {
      const badge = options.changed?.[`${key} ${parameter.name}`];
      return badge ? [[parameter.name, badge]] : [];
    }),
  );
  const changed: OperationBadges = {
    ...(options.changed?.[key] ? { operation: options.changed[key] } : {}),
    ...(Object.keys(parameterBadges).length > 0 ? { parameters: parameterBadges } : {}),
  };
  const lines = [
    '---',
    `id: ${view.slug}`,
    `title: ${yamlString(view.summary)}`,
    `sidebar_label: ${yamlString(view.summary)}`,
    `description: ${yamlString(firstSentence(view.description) || `${view.method.toUpperCase()} ${view.path}`)}`,
    `slug: ${options.slugBase}/${view.slug}`,
    `keywords: ${JSON.stringify(keywords([view.operationId, view.path, ...view.parameters.map((parameter) => parameter.name)]))}`,
    // The right column of samples and Try it takes the place of the table of contents.
    'hide_table_of_contents: true',
    '---',
    '',
    ...referencePageElement(options, view.slug),
  ];
  const data: OperationPageData = {
    kind: 'operation',
    operation: view,
    samples,
    servers,
    signInOrigins: options.signInOrigins ?? [],
    ...schemaParts,
    linkBase: options.linkBase,
    changed,
  };
  return { content: lines.join('\n'), data };
}

export function schemaPage(
  document: JsonObject,
  view: SchemaView,
  options: PagesOptions,
  catalog: SchemaCatalog = schemaCatalog(document),
): GeneratedPage {
  const fieldBadges = Object.fromEntries(
    (view.root.children ?? []).flatMap((child): [string, Badge][] => {
      const badge = child.name === undefined ? undefined : options.changed?.[`${view.name}.${child.name}`];
      return badge && child.name !== undefined ? [[child.name, badge]] : [];
    }),
  );
  const schemaBadge = options.changed?.[view.name];
  // Before `schema` is written: this sizes the named fields of its tree.
  const schemaParts = schemaData(document, catalog, [view.root], options, view);
  const lines = [
    '---',
    // The slug's folder (`schemas/`) is the file's folder; an id cannot hold a slash.
    `id: ${view.slug.split('/').pop() ?? view.slug}`,
    `title: ${yamlString(view.name)}`,
    `sidebar_label: ${yamlString(view.name)}`,
    `description: ${yamlString(firstSentence(view.description) || `The ${view.name} schema.`)}`,
    `slug: ${options.slugBase}/${view.slug}`,
    `keywords: ${JSON.stringify(keywords([view.name, ...(view.root.children ?? []).map((child) => child.name ?? '')]))}`,
    '---',
    '',
    // The headings are the page's MDX, so its table of contents lists them; what they head comes from the data.
    ...referencePageElement(options, view.slug, schemaPageChildren(view.example !== undefined)),
  ];
  const data: SchemaPageData = {
    kind: 'schema',
    schema: view,
    changed: fieldBadges,
    ...(schemaBadge ? { schemaChanged: schemaBadge } : {}),
    ...schemaParts,
    linkBase: options.linkBase,
  };
  return { content: lines.join('\n'), data };
}

/** A webhook's page: what the API sends to the reader's endpoint, and the answers it expects. */
export function webhookPage(
  document: JsonObject,
  webhook: WebhookView,
  options: PagesOptions,
  catalog: SchemaCatalog,
): string {
  const { operation } = webhook;
  const detailed = { ...webhook, details: webhookDetails(document, webhook) };
  const schemas = schemaExports(document, catalog, operationSchemaRoots(operation), options, webhook);
  const description = firstSentence(operation.description || operation.requestBody?.description || '');
  const lines = [
    '---',
    `id: ${webhook.slug.split('/').pop() ?? webhook.slug}`,
    `title: ${yamlString(webhook.name)}`,
    `sidebar_label: ${yamlString(webhook.name)}`,
    `description: ${yamlString(description || `The ${webhook.name} webhook.`)}`,
    `slug: ${options.slugBase}/${webhook.slug}`,
    `keywords: ${JSON.stringify(keywords([webhook.name, 'webhook']))}`,
    '---',
    '',
    exportConst('webhook', detailed),
    '',
    ...schemas,
    '',
    `export const linkBase = ${JSON.stringify(options.linkBase)};`,
    '',
    '<MarkdownTreesProvider trees={markdown}>',
    '<WebhookReference webhook={webhook} schemas={schemas} schemaFiles={schemaFiles} linkBase={linkBase} details={<WebhookDetails webhook={webhook} linkBase={linkBase} />} />',
    '</MarkdownTreesProvider>',
    '',
  ];
  return lines.join('\n');
}
