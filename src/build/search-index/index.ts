import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JsonObject } from '../../core/openapi/document';
import { htmlFileOf } from '../buildOutput';
import { runNode } from '../node/runNode';
import { searchPages, type IndexJob } from './job';

export interface SearchIndexOptions {
  /** Route bases of the docs instances that are searched (`/docs`, `/getting-started`). */
  docsRoutes: string[];
  /** Each API: its published document (`/openapi/<id>.json` in the build), its name and its reference folder. */
  apis: { id: string; title: string; linkBase: string }[];
  /** Tag name of the element of a page that is indexed: the doc's article, without navbar, sidebar and footer. */
  rootSelector: string;
  /** Parts of the article that are not prose: code, samples, the explorer, lists repeated on every call. */
  excludeSelectors: string[];
  /** Folder of the index in the build, which the search box loads from. */
  outputDir: string;
  /** How much of the word index one file holds (Pagefind's chunk size: config/search.ts says why). */
  indexChunkSize: number;
}

export function validateSearchIndexOptions(raw: unknown): SearchIndexOptions {
  const options = raw as Partial<SearchIndexOptions> | null;
  const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
  const valid =
    options &&
    strings(options.docsRoutes) &&
    strings(options.excludeSelectors) &&
    typeof options.rootSelector === 'string' &&
    /^[a-z]+$/.test(options.rootSelector) &&
    typeof options.outputDir === 'string' &&
    Number.isSafeInteger(options.indexChunkSize) &&
    (options.indexChunkSize ?? 0) > 0 &&
    Array.isArray(options.apis) &&
    options.apis.every((api) =>
      ['id', 'title', 'linkBase'].every((key) => typeof (api as Record<string, unknown>)?.[key] === 'string'),
    );
  if (!valid)
    throw new Error(
      '[search-index] options: expected docsRoutes, apis, rootSelector (a tag name), excludeSelectors, outputDir, ' +
        'indexChunkSize (a whole number above 0)',
    );
  return options as SearchIndexOptions;
}

/** What the index is built from: the build's output folder, its routes, and the site's base URL and folder. */
export interface SearchBuild {
  outDir: string;
  routesPaths: string[];
  baseUrl: string;
  siteDir: string;
}

/**
 * A Pagefind index of every guide, call and schema page, written in chunks the search box fetches as a query needs
 * them (no index is loaded whole). Each page is handed to the indexer with its section, kind and names added inside
 * its article (searchTags.ts); the served HTML is not changed. Run by the search-index plugin after the build, and by
 * the bench on copies of a build.
 */
export async function buildSearchIndex(
  { outDir, routesPaths, baseUrl, siteDir }: SearchBuild,
  options: SearchIndexOptions,
): Promise<void> {
  const started = performance.now();
  const apis = await Promise.all(
    options.apis.map(async (api) => ({
      ...api,
      document: JSON.parse(await readFile(path.join(outDir, 'openapi', `${api.id}.json`), 'utf8')) as JsonObject,
    })),
  );
  const pages = searchPages({
    routes: routesPaths,
    baseUrl: baseUrl,
    docsRoutes: options.docsRoutes,
    apis,
    fileOf: (route) => {
      const file = htmlFileOf(outDir, route);
      return existsSync(file) ? file : undefined;
    },
  });
  // The index is built in a process of its own (indexer.mts): Pagefind's Node API cannot be loaded from here.
  const jobFile = path.join(outDir, '.search-index-job.json');
  const job: IndexJob = {
    outputPath: path.join(outDir, options.outputDir),
    rootSelector: options.rootSelector,
    excludeSelectors: options.excludeSelectors,
    indexChunkSize: options.indexChunkSize,
    pages,
  };
  await writeFile(jobFile, JSON.stringify(job));
  let how = '';
  try {
    const { code, output } = await runNode(['--import', 'tsx', path.join(__dirname, 'indexer.mts'), jobFile], {
      cwd: siteDir,
    });
    if (code !== 0) throw new Error(`[search-index] indexing failed: ${output.trim()}`);
    how = /\d+ pages read from disk, \d+ handed over/.exec(output)?.[0] ?? '';
    const empty = /^\d+ with nothing to index: .*$/m.exec(output)?.[0];
    if (empty) console.warn(`[search-index] not searchable, ${empty}`);
  } finally {
    await rm(jobFile, { force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`[search-index] ${pages.length} pages indexed in ${seconds} s${how ? ` (${how})` : ''}`);
}
