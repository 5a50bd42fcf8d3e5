import { referenceTargets, searchTarget, type SearchApi, type SearchTarget } from '../../core/search/sections';

/**
 * Pagefind's setting of its word index's chunk size, which its indexing binary reads from the environment (pagefind
 * 1.6.0 names it unstable, and documents no other way to set it): indexer.test.ts fails when Pagefind no longer reads
 * it.
 */
export const indexChunkSizeVariable = 'PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE';

/** What the indexer process (indexer.mts) indexes: each page's HTML file, its URL and its search target. */
export interface IndexJob {
  outputPath: string;
  rootSelector: string;
  excludeSelectors: string[];
  /** Pagefind's chunk size for the word index (config/search.ts). */
  indexChunkSize: number;
  pages: { url: string; file: string; target: SearchTarget }[];
  /** How many pages are staged on disk for Pagefind at a time (`stagingBatchPages` unless a test sets fewer). */
  stagingBatch?: number;
}

/**
 * The indexer stages pages on disk for Pagefind in batches of this many (staging.ts says why), the next batch written
 * while Pagefind indexes the last, each removed once indexed: at most two batches on disk, some 170 MB at Microsoft
 * Graph's 170 KB a page, whatever the site's size.
 */
export const stagingBatchPages = 500;

export interface JobInput {
  /** The build's routes, as Docusaurus gives them (with the site's base URL). */
  routes: readonly string[];
  baseUrl: string;
  /** Route bases of the searched docs instances, without the base URL (`/docs`). */
  docsRoutes: readonly string[];
  apis: readonly SearchApi[];
  /**
   * The HTML file of a site path (a route without the base URL: the build writes files there), or nothing when the
   * build wrote none (a redirect-only route).
   */
  fileOf: (route: string) => string | undefined;
}

/**
 * The pages to index: every route of a searched docs instance that has an HTML file, with its target. Routes are
 * matched without the base URL (the documents' pages are known by their site paths) and indexed with it (the URL a
 * result links to).
 */
export function searchPages({ routes, baseUrl, docsRoutes, apis, fileOf }: JobInput): IndexJob['pages'] {
  const references = referenceTargets(apis);
  const base = baseUrl.replace(/\/$/, '');
  const pages: IndexJob['pages'] = [];
  for (const url of new Set(routes)) {
    const route = base && url.startsWith(`${base}/`) ? url.slice(base.length) : url;
    const target = searchTarget(route, references, apis, docsRoutes);
    const file = target && fileOf(route);
    if (target && file) pages.push({ url, file, target });
  }
  return pages;
}
