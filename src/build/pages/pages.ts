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
  type OperationView,
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
  /** The calls the pages were made from, for what else the build makes of them (the API's facts). */
  operations: OperationView[];
}

/**
 * The schemas with the webhooks that send them added to their users, after the calls: a payload's schema page lists
 * the events that carry it, as a response's lists its calls. (Its sidebar place stays its calls': schemaHomes.)
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
      usedByWebhookCount: senders.length,
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
    operations,
  };
}

/**
 * How many files of a folder are written at once. One at a time, Graph beta's 63,000 files kept the document step
 * waiting on the disk for 28 of its 90 s; libuv writes on four threads, and a few more in flight keep them busy.
 */
const writesInFlight = 16;

async function replaceFolder(target: string, files: GeneratedPages['files']): Promise<void> {
  const staging = `${target}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    for (const folder of new Set(files.map((file) => path.dirname(path.join(staging, file.name))))) {
      await mkdir(folder, { recursive: true });
    }
    // Writers share one iterator, so each file is written once; after a failure they take no more.
    const queue = files.values();
    let failed = false;
    const writer = async (): Promise<void> => {
      for (const file of queue) {
        if (failed) return;
        try {
          await writeFile(path.join(staging, file.name), file.content);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    const outcomes = await Promise.allSettled(Array.from({ length: writesInFlight }, writer));
    // Every writer has stopped before the staging folder is removed: none writes into it afterwards.
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
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
