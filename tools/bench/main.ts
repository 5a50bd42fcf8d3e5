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
 *   --big          only the build at five sizes: the site alone, then with Stripe's document (dense), GitHub's (1,000+
 *                  calls), Autotask's (2,958) and Microsoft Graph v1.0 (11,422), each as an added API
 *                  (tools/bench/lib/bigRun.ts): time, peak RSS per step, output, HTML per page, JavaScript and MDX
 *                  bytes; `--documents` picks some; writes bench/big.json and bench/big.md (BENCH_BIG_KEEP=1 keeps
 *                  each build)
 *   BENCH_RUNS (default 3): runs per timed figure
 *   BENCH_SEARCH_SCALE (default 16): the larger API size the search figures are also measured at
 *
 * Everything is served on 127.0.0.1 and browsed with Debian's Chromium; nothing reaches another host.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../lib/chromium';
import { serveBuild } from '../lib/staticServer';
import { table } from './lib/stats';
import { parseScales, scaleTable } from './lib/scaleBuild';
import { measureScale } from './lib/scaleRun';
import { measureReal } from './lib/realRun';
import { bigTable, measureBig, pickBigDocuments } from './lib/bigRun';
import { realPassed, realTable } from './lib/realTable';
import { referenceFigures } from './lib/reference';
import { searchFigures } from './lib/searchFigures';
import { measureSite, measuredReference, referenceRun, type BenchSettings } from './lib/siteFigures';
import { readCli, refuse, type CliSpec } from '../lib/cli';

const cli = {
  command: 'npm run bench',
  tag: '[bench]',
  summary:
    'Speed and weight of the portal, each figure a median of several runs held against an anchor measured in the same run; writes bench/results.json and prints a table. A benchmark, not a test.',
  usage: [
    '[--quick]',
    '--search-only',
    '--reference-only [dir] [--quick]',
    '--scale <k,k,...>',
    '--real',
    '--big [--documents name,...]',
  ],
  options: {
    quick: { type: 'boolean', description: 'skips the webpack build and Lighthouse' },
    'search-only': { type: 'boolean', description: 'only the search figures, on the existing build/' },
    'reference-only': {
      type: 'boolean',
      description: `${measuredReference} against Redoc and RapiDoc only, on an existing build (dir, default build/)`,
    },
    scale: {
      type: 'string',
      value: 'k,k,...',
      description: 'only the build at each scale k of the APIs (1,4,16); writes bench/scale.json and .md',
    },
    real: { type: 'boolean', description: 'only the real documents; writes bench/real.json and .md' },
    big: {
      type: 'boolean',
      description:
        "only the builds with real documents as a third API (Stripe's, GitHub's, Autotask's, Microsoft Graph's); bench/big.json, .md",
    },
    documents: {
      type: 'string',
      value: 'name,name,...',
      description: 'with --big: only these of site, stripe, github, autotask, graph',
    },
  },
  positionals: { value: 'dir', description: 'the build --reference-only measures (build)', max: 1 },
  environment: {
    BENCH_RUNS: 'runs per timed figure (3)',
    BENCH_SEARCH_SCALE: 'the larger API size search is also measured at (16)',
    BENCH_SCALE_KEEP: '1 keeps each --scale build',
    BENCH_REAL_KEEP: '1 keeps the --real build',
    BENCH_BIG_KEEP: '1 keeps each --big build',
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
/** The build whose reference is held against the peers (`--reference-only [dir]`, default build/). */
const referenceBuild = flags['reference-only'] ? (positionals[0] ?? 'build') : undefined;
const scales = scaleArgument(flags.scale);
const bigPicked = bigArgument(flags.documents);

function bigArgument(argument: string | undefined): ReturnType<typeof pickBigDocuments> {
  if (argument !== undefined && !big) refuse(cli, '--documents goes with --big');
  try {
    return pickBigDocuments(argument);
  } catch (error) {
    return refuse(cli, error instanceof Error ? error.message : String(error));
  }
}

function scaleArgument(argument: string | undefined): number[] | undefined {
  if (argument === undefined) return undefined;
  try {
    return parseScales(argument);
  } catch (error) {
    return refuse(cli, error instanceof Error ? error.message : String(error));
  }
}

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

const settings: BenchSettings = {
  quick,
  runs: Math.max(1, Number(process.env.BENCH_RUNS ?? 3)),
  searchScale: Math.max(2, Number(process.env.BENCH_SEARCH_SCALE ?? 16)),
  work: path.resolve('bench/tmp'),
  log,
};

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
  mkdirSync(settings.work, { recursive: true });
  if (real) {
    const { rows, build } = await measureReal(log);
    writeFileSync('bench/real.json', `${JSON.stringify({ build, rows }, null, 2)}\n`);
    writeFileSync('bench/real.md', `${realTable(rows, build)}\n`);
    console.log(`\n${realTable(rows, build)}\n\n[bench] wrote bench/real.json and bench/real.md`);
    if (!realPassed(rows)) process.exitCode = 1;
    return;
  }
  if (big) {
    await measureEach('big', bigPicked, (document) => measureBig(document, log), bigTable);
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
        ...referenceRun(site.url, referenceBuild, settings),
        label: `${measuredReference} (${referenceBuild})`,
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
      const figures = await searchFigures(browser, 'build', settings);
      console.log(`\n${table(figures)}`);
    } finally {
      await browser.close();
    }
    return;
  }
  await measureSite(settings);
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
