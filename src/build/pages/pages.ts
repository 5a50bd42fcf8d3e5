import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isObject, resolvedObject, text, type JsonObject } from '../../core/openapi/document';
import { schemasUsedBy } from '../../core/openapi/view/schemaPages';
import { sampleSettings } from '../../core/samples';
import { isTrustedServer, type ListedServer } from '../../core/openapi/servers';
import {
  operationSchemaRoots,
  operationViews,
  schemaCatalog,
  schemaViews,
  webhookViews,
  type OperationView,
  type WebhookView,
  type SchemaCatalog,
  type SchemaNode,
  type SchemaView,
  type SchemaFile,
} from '../../core/openapi/view';
import { markdownTrees, parseMarkdown } from '../../core/markdown/parse';
import { plainText } from '../../core/markdown/tree';
import type { LinkTargets } from '../../core/markdown/links';
import { descriptionLinks } from '../../core/openapi/descriptionLinks';
import { webhookDetails } from '../../core/openapi/view/webhookDetails';
import { writeFileAtomic } from '../pipeline/writeAtomic';
import type { Badge, OperationBadges } from '../../core/changelog';
import type { PagesOptions } from '../pipeline/options';

export type { PagesOptions };

export interface SidebarDoc {
  type: 'doc';
  id: string;
  label: string;
  className?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  collapsed: boolean;
  /** Its tag's calls and schemas, then the categories of the tags whose `parent` it is (OpenAPI 3.2). */
  items: (SidebarDoc | SidebarCategory)[];
  /** `lazyItems`: the browser's bundle loads the items with a page of the category (src/plugins/lazy-routes). */
  customProps: { lazyItems: true };
}

/** The pages of a category and of the categories nested in it, in order. */
export function categoryDocs(category: SidebarCategory): SidebarDoc[] {
  return category.items.flatMap((item) => (item.type === 'doc' ? [item] : categoryDocs(item)));
}

/** What a declared tag says of its place in the navigation (OpenAPI 3.2: `summary`, `parent`, `kind`). */
interface TagPlace {
  label: string;
  parent?: string;
  /** Whether the tag makes a sidebar category: 3.2's `kind` other than `nav` (a badge, an audience) does not. */
  navigates: boolean;
}

/**
 * The declared tags' places, by name. A `parent` counts only when it names another declared tag and following
 * parents never comes back to the tag (a loop is flattened, not followed).
 */
function tagPlaces(document: JsonObject): Map<string, TagPlace> {
  const declared = (Array.isArray(document.tags) ? document.tags : []).filter(isObject);
  const places = new Map<string, TagPlace>();
  for (const tag of declared) {
    const name = text(tag.name);
    if (!name || places.has(name)) continue;
    const kind = text(tag.kind);
    places.set(name, {
      label: text(tag.summary) || name,
      ...(text(tag.parent) ? { parent: text(tag.parent) } : {}),
      navigates: kind === '' || kind === 'nav',
    });
  }
  // Decided on the declared parents before any is dropped, so every tag of a loop loses its parent alike.
  const dropped = [...places].filter(([name, place]) => {
    if (place.parent === undefined) return false;
    const seen = new Set([name]);
    let parent: string | undefined = place.parent;
    while (parent !== undefined && places.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      parent = places.get(parent)?.parent;
    }
    return !places.has(place.parent) || (parent !== undefined && seen.has(parent));
  });
  for (const [, place] of dropped) delete place.parent;
  return places;
}

/**
 * The categories with each tag's category moved under its parent's (created when the parent has no calls of its
 * own), in the document's order: OpenAPI 3.2's nested navigation.
 */
function nestedCategories(
  categories: [string, SidebarCategory][],
  places: ReadonlyMap<string, TagPlace>,
): SidebarCategory[] {
  const byName = new Map(categories);
  const category = (name: string): SidebarCategory => {
    let found = byName.get(name);
    if (!found) {
      found = {
        type: 'category',
        label: places.get(name)?.label ?? name,
        collapsed: true,
        items: [],
        customProps: { lazyItems: true },
      };
      byName.set(name, found);
    }
    return found;
  };
  const nested = new Set<string>();
  // Children first into their parents, deepest last: a child's own children are already inside it.
  for (const [name] of categories) {
    const parent = places.get(name)?.parent;
    if (parent === undefined) continue;
    category(parent).items.push(category(name));
    nested.add(name);
  }
  const order = [...new Set([...places.keys(), ...categories.map(([name]) => name)])];
  return order
    .filter((name) => !nested.has(name) && byName.has(name))
    .map((name) => byName.get(name)!)
    .filter((each) => each.items.length > 0);
}

export interface GeneratedPages {
  files: { name: string; content: string }[];
  /** Each schema's tree as JSON, named by its slug (`schemas/game.json`), for `PagesOptions.schemaFiles`. */
  schemaFiles: { name: string; content: string }[];
  sidebar: SidebarCategory[];
}

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
 * (src/components/ApiOperation/DocItem.tsx), so bundling reaches them once rather than once per page.
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
 * also written under a probe's route (renderable.ts), whose links must not reach the real pages.
 */
function targetsOf(document: JsonObject, options: PagesOptions): LinkTargets {
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
function schemaExports(
  document: JsonObject,
  catalog: SchemaCatalog,
  roots: SchemaNode[],
  options: PagesOptions,
  data: unknown,
): string[] {
  for (const root of roots) catalog.sized(root);
  const schemas = catalog.rootSchemas(roots);
  return [
    exportConst('schemas', schemas),
    '',
    `export const schemaFiles = ${JSON.stringify(options.schemaFiles.route)};`,
    '',
    exportConst('markdown', markdownTrees([data, schemas], targetsOf(document, options))),
  ];
}

export function operationPage(
  document: JsonObject,
  view: OperationView,
  options: PagesOptions,
  catalog: SchemaCatalog = schemaCatalog(document),
): string {
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
  const schemas = schemaExports(document, catalog, operationSchemaRoots(view), options, view);
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
    exportConst('operation', view),
    '',
    exportConst('samples', samples),
    '',
    exportConst('servers', servers),
    '',
    exportConst('signInOrigins', options.signInOrigins ?? []),
    '',
    ...schemas,
    '',
    `export const linkBase = ${JSON.stringify(options.linkBase)};`,
    '',
    exportConst('changed', changed),
    '',
    '<MarkdownTreesProvider trees={markdown}>',
    '<OperationReference operation={operation} samples={samples} schemas={schemas} schemaFiles={schemaFiles} linkBase={linkBase} changed={changed}>',
    '  <ApiExplorer operation={operation} servers={servers} signInOrigins={signInOrigins} />',
    '</OperationReference>',
    '</MarkdownTreesProvider>',
    '',
  ];
  return lines.join('\n');
}

export function schemaPage(
  document: JsonObject,
  view: SchemaView,
  options: PagesOptions,
  catalog: SchemaCatalog = schemaCatalog(document),
): string {
  const fieldBadges = Object.fromEntries(
    (view.root.children ?? []).flatMap((child): [string, Badge][] => {
      const badge = child.name === undefined ? undefined : options.changed?.[`${view.name}.${child.name}`];
      return badge && child.name !== undefined ? [[child.name, badge]] : [];
    }),
  );
  const schemaBadge = options.changed?.[view.name];
  // Before `schema` is written: this sizes the named fields of its tree.
  const schemas = schemaExports(document, catalog, [view.root], options, view);
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
    exportConst('schema', view),
    '',
    exportConst('changed', fieldBadges),
    '',
    ...schemas,
    '',
    `export const linkBase = ${JSON.stringify(options.linkBase)};`,
    '',
    '<MarkdownTreesProvider trees={markdown}>',
    '',
    ...(schemaBadge
      ? [
          exportConst('schemaChanged', schemaBadge),
          '',
          `<ChangedBadge badge={schemaChanged} label={schema.name} />`,
          '',
        ]
      : []),
    '<Markdown text={schema.description} headings={2} />',
    '',
    '## Fields',
    '',
    '<SchemaFields node={schema.root} linkBase={linkBase} schemas={schemas} files={schemaFiles} changed={changed} />',
    '',
  ];
  if (view.example !== undefined) lines.push('## Example', '', '<JsonExample value={schema.example} />', '');
  lines.push('## Used by', '', '<UsedBy schema={schema} linkBase={linkBase} />', '', '</MarkdownTreesProvider>', '');
  return lines.join('\n');
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

/** Sidebar label of the webhooks (OpenAPI 3.1 `webhooks`). */
export const webhooksLabel = 'Webhooks';

/** Sidebar label of the calls without a tag, and of the schemas no call uses. */
export const otherCallsLabel = 'Other calls';
export const otherSchemasLabel = 'Other schemas';

/**
 * The schemas with the webhooks that send them added to their users, after the calls: a payload's schema page lists
 * the events that carry it, as a response's lists its calls. (Its sidebar place stays its first call's.)
 */
function withWebhookUses(document: JsonObject, schemas: SchemaView[], webhooks: WebhookView[]): SchemaView[] {
  const raw = isObject(document.webhooks) ? document.webhooks : {};
  const uses = webhooks.map((webhook) => {
    const item = resolvedObject(document, raw[webhook.name]);
    const operation = item?.[webhook.operation.method];
    return { webhook, names: isObject(operation) ? schemasUsedBy(document, { operation }) : new Set<string>() };
  });
  return schemas.map((schema) => {
    const senders = uses.filter((use) => use.names.has(schema.name));
    if (senders.length === 0) return schema;
    return {
      ...schema,
      usedBy: [
        ...schema.usedBy,
        ...senders.map(({ webhook }) => ({
          slug: webhook.slug,
          method: webhook.operation.method,
          path: webhook.name,
          summary: webhook.operation.summary,
        })),
      ],
    };
  });
}

/** Methods with a badge of their own in the sidebar (src/css/custom.css); any other (3.2's `COPY`) shows OTHER. */
const badgedMethods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace', 'query']);

/**
 * The operation and schema pages of one API and its sidebar: one category per tag, in the document's order, holding
 * the tag's calls and then the schemas whose first user is one of those calls (Stripe's "The Customer object" beside
 * the customer calls); the schemas no call uses last. A page's sidebar opens one tag's calls and objects, so its HTML
 * stays the same size as the API grows; one category of every schema made each schema page carry the whole list, and
 * the build's bytes grow with the square of the API.
 */
export function referencePages(document: JsonObject, api: string, options: PagesOptions): GeneratedPages {
  const operations = operationViews(document, api);
  const webhooks = webhookViews(document, api);
  const schemas = withWebhookUses(document, schemaViews(document, api), webhooks);
  const catalog = schemaCatalog(document);
  const docId = (slug: string) => `${options.docIdPrefix}/${slug}`;
  const places = tagPlaces(document);
  const declaredTags = [...places.keys()];
  const tagOrder = [...new Set([...declaredTags, ...operations.flatMap((view) => view.tags)])].filter(
    (tag) => tag !== '' && places.get(tag)?.navigates !== false,
  );
  // A call's category is its first tag that navigates (a 3.2 badge or audience tag does not).
  const categoryOf = (view: OperationView) =>
    view.tags.find((tag) => tag !== '' && places.get(tag)?.navigates !== false) ?? otherCallsLabel;
  const homeOf = new Map(operations.map((view) => [view.slug, categoryOf(view)]));
  const items = new Map<string, SidebarDoc[]>(
    [...tagOrder, otherCallsLabel, webhooksLabel, otherSchemasLabel].map((label) => [label, []]),
  );
  for (const view of operations) {
    items.get(categoryOf(view))?.push({
      type: 'doc',
      id: docId(view.slug),
      label: view.summary,
      className: `api-method api-method--${badgedMethods.has(view.method) ? view.method : 'other'}`,
    });
  }
  for (const webhook of webhooks) {
    items.get(webhooksLabel)?.push({
      type: 'doc',
      id: docId(webhook.slug),
      label: webhook.name,
      className: 'api-method api-method--webhook',
    });
  }
  for (const view of schemas) {
    const home = view.usedBy.length > 0 ? (homeOf.get(view.usedBy[0].slug) ?? otherSchemasLabel) : otherSchemasLabel;
    items.get(home)?.push({ type: 'doc', id: docId(view.slug), label: view.name, className: 'api-schema' });
  }
  const sidebar = nestedCategories(
    [...items].map(([name, docs]): [string, SidebarCategory] => [
      name,
      {
        type: 'category',
        label: places.get(name)?.label ?? name,
        collapsed: true,
        items: docs,
        customProps: { lazyItems: true },
      },
    ]),
    places,
  );
  return {
    files: [
      ...operations.map((view) => ({
        name: `${view.slug}.mdx`,
        content: operationPage(document, view, options, catalog),
      })),
      ...schemas.map((view) => ({ name: `${view.slug}.mdx`, content: schemaPage(document, view, options, catalog) })),
      ...webhooks.map((webhook) => ({
        name: `${webhook.slug}.mdx`,
        content: webhookPage(document, webhook, options, catalog),
      })),
    ],
    schemaFiles: schemas.map((view) => {
      const node = catalog.node(view.name) ?? view.root;
      const file: SchemaFile = { node, markdown: markdownTrees(node, targetsOf(document, options)) };
      return { name: `${view.slug}.json`, content: JSON.stringify(file) };
    }),
    sidebar,
  };
}

async function replaceFolder(target: string, files: GeneratedPages['files']): Promise<void> {
  const staging = `${target}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  for (const file of files) {
    const filePath = path.join(staging, file.name);
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(filePath, file.content);
  }
  await rm(target, { recursive: true, force: true });
  await mkdir(path.dirname(target), { recursive: true });
  await rename(staging, target);
}

/**
 * Replaces the generated folders as a whole: the pages are written to a sibling folder that then takes its place, so
 * a failure leaves the previous pages, and no page of an operation that is gone survives.
 */
export async function writeReferencePages(
  siteDir: string,
  pages: GeneratedPages,
  options: PagesOptions,
  sidebarFile: string,
): Promise<void> {
  await replaceFolder(path.resolve(siteDir, options.dir), pages.files);
  await replaceFolder(path.resolve(siteDir, options.schemaFiles.dir), pages.schemaFiles);
  await writeFileAtomic(path.resolve(siteDir, sidebarFile), JSON.stringify(pages.sidebar, null, 2));
}
