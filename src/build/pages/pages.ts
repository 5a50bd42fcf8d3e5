import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isObject, resolvedObject, type JsonObject } from '../../core/openapi/document';
import { schemasUsedBy, usedByListed } from '../../core/openapi/view/schemaPages';
import {
  operationViews,
  schemaCatalog,
  schemaViews,
  webhookViews,
  type WebhookView,
  type SchemaView,
  type SchemaFile,
} from '../../core/openapi/view';
import { markdownTrees } from '../../core/markdown/parse';
import { pageDataText } from '../../core/openapi/pageData';
import { writeFileAtomic } from '../pipeline/writeAtomic';
import type { PagesOptions } from '../pipeline/options';
import { operationPage, schemaPage, targetsOf, webhookPage } from './mdxPages';
import { referenceSidebar, type SidebarCategory } from './sidebar';

export type { PagesOptions };
export { operationPage, schemaPage, webhookPage } from './mdxPages';
export {
  categoryDocs,
  otherCallsLabel,
  otherSchemasLabel,
  webhooksLabel,
  type SidebarCategory,
  type SidebarDoc,
} from './sidebar';

export interface GeneratedPages {
  files: { name: string; content: string }[];
  /**
   * Each schema's tree as JSON, named by its slug (`schemas/game.json`), and each operation and schema page's data
   * (`pages/get-games.json`, `pages/schemas/game.json`: src/core/openapi/pageData.ts), for `PagesOptions.schemaFiles`.
   */
  schemaFiles: { name: string; content: string }[];
  sidebar: SidebarCategory[];
}

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
      ].slice(0, usedByListed),
      usedByCount: schema.usedByCount + senders.length,
    };
  });
}

/** The operation, schema and webhook pages of one API, each schema's tree as a file, and its sidebar (sidebar.ts). */
export function referencePages(document: JsonObject, api: string, options: PagesOptions): GeneratedPages {
  const operations = operationViews(document, api);
  const webhooks = webhookViews(document, api);
  const schemas = withWebhookUses(document, schemaViews(document, api), webhooks);
  const catalog = schemaCatalog(document);
  const sidebar = referenceSidebar(document, { operations, webhooks, schemas }, options.docIdPrefix);
  const pages = [
    ...operations.map((view) => ({ slug: view.slug, ...operationPage(document, view, options, catalog) })),
    ...schemas.map((view) => ({ slug: view.slug, ...schemaPage(document, view, options, catalog) })),
  ];
  return {
    files: [
      ...pages.map((page) => ({ name: `${page.slug}.mdx`, content: page.content })),
      ...webhooks.map((webhook) => ({
        name: `${webhook.slug}.mdx`,
        content: webhookPage(document, webhook, options, catalog),
      })),
    ],
    schemaFiles: [
      ...schemas.map((view) => {
        const node = catalog.node(view.name) ?? view.root;
        const file: SchemaFile = { node, markdown: markdownTrees(node, targetsOf(document, options)) };
        return { name: `${view.slug}.json`, content: JSON.stringify(file) };
      }),
      ...pages.map((page) => ({ name: `pages/${page.slug}.json`, content: pageDataText(page.data) })),
    ],
    sidebar,
  };
}

async function replaceFolder(target: string, files: GeneratedPages['files']): Promise<void> {
  const staging = `${target}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    for (const file of files) {
      const filePath = path.join(staging, file.name);
      await mkdir(path.dirname(filePath), { recursive: true });
      await writeFile(filePath, file.content);
    }
  } catch (error) {
    // Nothing half-written stays beside the pages.
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rm(target, { recursive: true, force: true });
  await mkdir(path.dirname(target), { recursive: true });
  await rename(staging, target);
}

/** A file system error as its code and the file it concerns, relative to the folder being written. */
export function writeProblem(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, path: file } = error as NodeJS.ErrnoException;
  return code && file ? `${code} for ${path.basename(file)}` : error.message;
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
