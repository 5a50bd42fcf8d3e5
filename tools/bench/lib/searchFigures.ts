import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import type { Browser } from 'playwright-core';
import { serveBuild } from '../../lib/staticServer';
import { search } from '../../../config/search';
import { buildSearchIndex } from '../../../src/build/search-index';
import { firstSearchQueryBudget } from '../budgets';
import { relevanceFigures, relevanceSet } from '../../lib/relevance';
import { median, type Figure } from './stats';
import { runQueries, type QueryRun } from './search';
import { originalRoute, scaledSearchSite } from './searchSite';

/** Size in bytes of the search index's files (its parts, metadata and WebAssembly; not the precompressed twins). */
function indexBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(gz|br)$/.test(entry.name))
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/** Builds the search index of a site directory as the production build does (the search-index plugin). */
async function indexSearch(dir: string, routes: string[]): Promise<number> {
  const started = performance.now();
  await buildSearchIndex({ outDir: dir, routesPaths: routes, baseUrl: '/', siteDir: process.cwd() }, search);
  return (performance.now() - started) / 1000;
}

/** Issue 18: results within 100 ms of the index parts' arrival. */
const resultsTargetMs = 100;

/**
 * Search, at today's API size and at `searchScale` times it (a copy of the build with every call and schema page
 * copied, the documents scaled): the relevance set's MRR and top-3 against their targets, the bytes a first query
 * downloads against the 300 KB budget, the time to results cold and with the index parts cached, the index's size
 * and indexing time (scaled against today's).
 */
export async function searchFigures(
  browser: Browser,
  buildDir: string,
  { work, searchScale, log }: { work: string; searchScale: number; log: (message: string) => void },
): Promise<Figure[]> {
  const set = relevanceSet();
  const queries = set.queries.map((entry) => entry.query);
  const figures: Figure[] = [];
  const measured: Record<string, { runs: QueryRun[]; bytes: number; seconds: number }> = {};
  const apis = search.apis.map(({ id, linkBase }) => ({ id, linkBase }));
  for (const k of [1, searchScale]) {
    const site = scaledSearchSite(buildDir, path.join(work, `search-k${k}`), k, apis);
    const seconds = await indexSearch(site.dir, site.routes);
    const server = await serveBuild(site.dir);
    try {
      log(
        `search at ${k}x: ${site.routes.length} routes indexed in ${seconds.toFixed(1)} s; ${queries.length} queries`,
      );
      const runs = await runQueries(browser, server.url, queries, '/getting-started/Guides/chat-bots');
      measured[k] = { runs, bytes: indexBytes(path.join(site.dir, search.outputDir)), seconds };
    } finally {
      await server.stop();
    }
  }
  for (const k of [1, searchScale]) {
    const { runs } = measured[k];
    // A copy of a page (at k > 1) answers a query as well as its original.
    const relevance = relevanceFigures(set, new Map(runs.map((run) => [run.query, run.urls.map(originalRoute)])));
    const scale = `search at ${k}x`;
    const of = (key: 'bytes' | 'coldMs' | 'warmMs') => runs.map((run) => run[key]);
    const row = (name: string, value: number, anchorName: string, anchor: number, unit: string, count = runs.length) =>
      figures.push({ name: `${scale}: ${name}`, value, anchorName, anchor, unit, runs: count });
    row('MRR', relevance.mrr * 100, 'target', set.targets.mrr * 100, '%', 1);
    row('top-3', relevance.top3 * 100, 'target', set.targets.top3 * 100, '%', 1);
    row('first query bytes (max)', Math.max(...of('bytes')), 'budget', firstSearchQueryBudget, 'B');
    row('first query bytes (median)', median(of('bytes')), 'budget', firstSearchQueryBudget, 'B');
    row('results, first query', median(of('coldMs')), 'target (parts cached)', resultsTargetMs, 'ms');
    row('results, parts cached', median(of('warmMs')), 'target', resultsTargetMs, 'ms');
    if (k !== 1) {
      row('index size', measured[k].bytes, 'at 1x', measured[1].bytes, 'B', 1);
      row('indexing time', measured[k].seconds, 'at 1x', measured[1].seconds, 's', 1);
    }
  }
  return figures;
}
