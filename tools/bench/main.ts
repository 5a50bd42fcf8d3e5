/**
 * `npm run bench`: speed and weight of the portal, each figure a median of several runs held against an anchor
 * measured in the same run. Writes bench/results.json (gitignored) and prints a table. A benchmark, not a test:
 * nothing here is asserted in npm test (the deterministic byte budgets are, in tests/e2e/weight.spec.ts).
 *
 *   --quick        skips the webpack build and Lighthouse
 *   --search-only  only the search figures, on the existing production build (build/)
 *   --scale 1,4,16 only the scale axis: the site built with every API's document scaled k times, per k (build time,
 *                  CPU, memory, bytes, page weights; tools/bench/lib/scaleRun.ts), with the largest k's ratio to the
 *                  smallest; writes bench/scale.json and bench/scale.md (BENCH_SCALE_KEEP=1 keeps each build)
 *   --reference-only [dir]
 *                  only /api/data against Redoc standalone and RapiDoc, on an existing build (default build/; a
 *                  scaled build kept by BENCH_SCALE_KEEP=1 gives the figures at that scale); with Lighthouse
 *                  unless --quick
 *   --real         only the real documents: the site built with every document of tools/lib/realDocuments.ts
 *                  and GitHub's, every call page loaded in Chromium (tools/bench/lib/realRun.ts); writes
 *                  bench/real.json and bench/real.md, and exits non-zero when a call lacks a page or sample or a page
 *                  logs an error (BENCH_REAL_KEEP=1 keeps the build)
 *   --big          only the build at three sizes: the site alone, with Stripe's document (dense) and with GitHub's
 *                  (1,000+ calls), each as an added API (tools/bench/lib/bigRun.ts): time, peak RSS, output and
 *                  MDX bytes; writes bench/big.json and bench/big.md
 *   BENCH_RUNS (default 3): runs per timed figure
 *   BENCH_SEARCH_SCALE (default 16): the larger API size the search figures are also measured at
 *
 * Everything is served on 127.0.0.1 and browsed with Debian's Chromium; nothing reaches another host.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../lib/chromium';
import { productionBuild } from '../build/productionBuild';
import { serveBuild, type RunningServer } from '../lib/staticServer';
import { search } from '../../config/search';
import { buildSearchIndex } from '../../src/build/search-index';
import { firstSearchQueryBudget } from './budgets';
import { relevanceFigures, relevanceSet } from '../lib/relevance';
import { median, table, type Figure } from './lib/stats';
import { runQueries, type QueryRun } from './lib/search';
import { originalRoute, scaledSearchSite } from './lib/searchSite';
import { runNode } from '../../src/build/node/runNode';
import { parseScales, scaleTable } from './lib/scaleBuild';
import { measureScale } from './lib/scaleRun';
import { measureReal } from './lib/realRun';
import { bigDocuments, bigTable, measureBig } from './lib/bigRun';
import { realPassed, realTable } from './lib/realTable';
import { pageWeight, type Weight } from './lib/weight';
import { writeVanillaSite } from './lib/vanilla';
import { lighthouseScores, referenceFigures, type ReferenceRun } from './lib/reference';
import { readCli, refuse, type CliSpec } from '../lib/cli';

const cli = {
  command: 'npm run bench',
  tag: '[bench]',
  summary:
    'Speed and weight of the portal, each figure a median of several runs held against an anchor measured in the same run; writes bench/results.json and prints a table. A benchmark, not a test.',
  usage: ['[--quick]', '--search-only', '--reference-only [dir] [--quick]', '--scale <k,k,...>', '--real', '--big'],
  options: {
    quick: { type: 'boolean', description: 'skips the webpack build and Lighthouse' },
    'search-only': { type: 'boolean', description: 'only the search figures, on the existing build/' },
    'reference-only': {
      type: 'boolean',
      description: '/api/data against Redoc and RapiDoc only, on an existing build (dir, default build/)',
    },
    scale: {
      type: 'string',
      value: 'k,k,...',
      description: 'only the build at each scale k of the APIs (1,4,16); writes bench/scale.json and .md',
    },
    real: { type: 'boolean', description: 'only the real documents; writes bench/real.json and .md' },
    big: { type: 'boolean', description: "only the build with Stripe's and GitHub's documents; bench/big.json, .md" },
  },
  positionals: { value: 'dir', description: 'the build --reference-only measures (build)', max: 1 },
  environment: {
    BENCH_RUNS: 'runs per timed figure (3)',
    BENCH_SEARCH_SCALE: 'the larger API size search is also measured at (16)',
    BENCH_SCALE_KEEP: '1 keeps each --scale build',
    BENCH_REAL_KEEP: '1 keeps the --real build',
  },
} satisfies CliSpec;

const { values: flags, positionals } = readCli(cli);
const quick = flags.quick ?? false;
const searchOnly = flags['search-only'] ?? false;
const real = flags.real ?? false;
const big = flags.big ?? false;
if (positionals.length > 0 && !flags['reference-only']) {
  refuse(cli, `Unexpected argument '${positionals[0]}': a build folder goes after --reference-only`);
}
/** The build whose /api/data is held against the peers (`--reference-only [dir]`, default build/). */
const referenceBuild = flags['reference-only'] ? (positionals[0] ?? 'build') : undefined;
const scales = scaleArgument(flags.scale);

function scaleArgument(argument: string | undefined): number[] | undefined {
  if (argument === undefined) return undefined;
  try {
    return parseScales(argument);
  } catch (error) {
    return refuse(cli, error instanceof Error ? error.message : String(error));
  }
}
const searchScale = Math.max(2, Number(process.env.BENCH_SEARCH_SCALE ?? 16));
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const work = path.resolve('bench/tmp');

/** The page types of the portal, each against the vanilla Docusaurus page. */
const pageTypes = [
  ['landing', '/'],
  ['guide', '/getting-started/Guides/chat-bots'],
  ['/docs/ root', '/docs/'],
  ['operation page', '/docs/data-api/get-championships'],
  ['schema page', '/docs/data-api/schemas/championship'],
  ['/api/data', '/api/data'],
  ['/api/chat', '/api/chat'],
] as const;

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

/** A cold production build: Docusaurus's caches removed first. Returns seconds. */
async function coldBuild(siteDir: string, outDir: string, env: NodeJS.ProcessEnv = {}): Promise<number> {
  rmSync(path.join(siteDir, '.docusaurus'), { recursive: true, force: true });
  rmSync(path.join(siteDir, 'node_modules/.cache'), { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const { code, output } = await productionBuild(
    [siteDir, '--out-dir', outDir],
    { ...process.env, ...env },
    // In the site's folder, as `npm run build` runs (see timedBuild).
    (argv, stepEnv) => runNode(argv, { env: stepEnv, cwd: siteDir }),
  );
  if (code !== 0) throw new Error(`build of ${siteDir} failed:\n${output.slice(-3000)}`);
  return (performance.now() - started) / 1000;
}

/** /api/data of the build served at `siteUrl` against the peers, on the document that build published. */
function referenceRun(siteUrl: string, buildDir: string): ReferenceRun {
  return {
    url: `${siteUrl}/api/data`,
    documentFile: path.join(buildDir, 'openapi/data-v4.json'),
    work,
    rounds: Math.max(runs, 5),
    lighthouse: !quick,
  };
}

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

/**
 * Search, at today's API size and at `searchScale` times it (a copy of the build with every call and schema page
 * copied, the documents scaled): the relevance set's MRR and top-3 against their targets, the bytes a first query
 * downloads against the 300 KB budget, the time to results cold and with the index parts cached, the index's size
 * and indexing time (scaled against today's).
 */
/** Issue 18: results within 100 ms of the index parts' arrival. */
const resultsTargetMs = 100;

async function searchFigures(browser: Browser, buildDir: string): Promise<Figure[]> {
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

/**
 * Measures each item in turn (a build each), writing `bench/<name>.json` and `.md` after each one, so a long run
 * that stops keeps what it measured; then prints the table.
 */
async function measureEach<T, Row>(
  name: string,
  items: readonly T[],
  measure: (item: T) => Promise<Row>,
  tableOf: (rows: Row[]) => string,
): Promise<void> {
  const rows: Row[] = [];
  for (const item of items) {
    rows.push(await measure(item));
    writeFileSync(`bench/${name}.json`, `${JSON.stringify(rows, null, 2)}\n`);
    writeFileSync(`bench/${name}.md`, `${tableOf(rows)}\n`);
  }
  console.log(`\n${tableOf(rows)}\n\n[bench] wrote bench/${name}.json and bench/${name}.md`);
}

async function main(): Promise<void> {
  mkdirSync(work, { recursive: true });
  if (real) {
    const { rows, build } = await measureReal(log);
    writeFileSync('bench/real.json', `${JSON.stringify({ build, rows }, null, 2)}\n`);
    writeFileSync('bench/real.md', `${realTable(rows, build)}\n`);
    console.log(`\n${realTable(rows, build)}\n\n[bench] wrote bench/real.json and bench/real.md`);
    if (!realPassed(rows)) process.exitCode = 1;
    return;
  }
  if (big) {
    await measureEach('big', bigDocuments, (document) => measureBig(document, log), bigTable);
    return;
  }
  if (scales) {
    await measureEach('scale', scales, (k) => measureScale(k, log), scaleTable);
    return;
  }
  if (referenceBuild) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const site = await serveBuild(referenceBuild);
    try {
      const figures = await referenceFigures(browser, {
        ...referenceRun(site.url, referenceBuild),
        label: `/api/data (${referenceBuild})`,
      });
      console.log(`\n${table(figures)}`);
    } finally {
      await browser.close();
      await site.stop();
    }
    return;
  }
  if (searchOnly) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const figures = await searchFigures(browser, 'build');
      console.log(`\n${table(figures)}`);
    } finally {
      await browser.close();
    }
    return;
  }
  const figures: Figure[] = [];
  const siteOut = path.join(work, 'site');
  const vanillaDir = path.join(work, 'vanilla');
  const vanillaOut = path.join(work, 'vanilla-build');
  writeVanillaSite(vanillaDir);

  // Build times: the site with Docusaurus Faster (Rspack) against the same site on webpack.
  const fasterTimes: number[] = [];
  const webpackTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    fasterTimes.push(await coldBuild('.', siteOut));
    log(`cold build (Faster) ${run + 1}/${runs}: ${fasterTimes.at(-1)?.toFixed(1)} s`);
    if (!quick) {
      webpackTimes.push(await coldBuild('.', path.join(work, 'site-webpack'), { BENCH_WEBPACK: '1' }));
      log(`cold build (webpack) ${run + 1}/${runs}: ${webpackTimes.at(-1)?.toFixed(1)} s`);
    }
  }
  figures.push({
    name: 'cold build, Faster (Rspack)',
    value: median(fasterTimes),
    anchorName: 'webpack',
    anchor: median(webpackTimes),
    unit: 's',
    runs,
  });
  await coldBuild(vanillaDir, vanillaOut);

  const servers: RunningServer[] = [];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const [site, vanilla] = await Promise.all([serveBuild(siteOut), serveBuild(vanillaOut)]);
    servers.push(site, vanilla);

    // Bytes fetched per page type, against the vanilla page (deterministic: one run each).
    const anchor = await pageWeight(browser, `${vanilla.url}/docs/intro`);
    for (const [name, route] of pageTypes) {
      const weight = await pageWeight(browser, `${site.url}${route}`);
      const labels: [keyof Weight, string][] = [
        ['jsRaw', 'JS'],
        ['jsGzip', 'JS gzip'],
        ['totalRaw', 'all bytes'],
        ['totalGzip', 'all gzip'],
      ];
      for (const [key, label] of labels) {
        figures.push({
          name: `${name}: ${label}`,
          value: weight[key],
          anchorName: 'vanilla page',
          anchor: anchor[key],
          unit: 'B',
          runs: 1,
        });
      }
    }

    figures.push(...(await referenceFigures(browser, referenceRun(site.url, siteOut))));

    if (!quick) {
      const anchorScores = await lighthouseScores(`${vanilla.url}/docs/intro`);
      for (const [name, route] of pageTypes) {
        const scores = await lighthouseScores(`${site.url}${route}`);
        log(`Lighthouse ${name}: performance ${scores.performance}, accessibility ${scores.accessibility}`);
        for (const category of ['performance', 'accessibility'] as const) {
          figures.push({
            name: `${name}: Lighthouse ${category}`,
            value: scores[category],
            anchorName: 'vanilla page',
            anchor: anchorScores[category],
            unit: 'score',
            runs: 1,
          });
        }
      }
    }
    figures.push(...(await searchFigures(browser, siteOut)));
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }

  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', `${JSON.stringify({ quick, runs, figures }, null, 2)}\n`);
  console.log(`\n${table(figures)}\n\n[bench] wrote bench/results.json`);
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
