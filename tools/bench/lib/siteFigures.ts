import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apis } from '../../../config/apis';
import { chromiumArgs, chromiumPath } from '../../lib/chromium';
import { serveBuild, type RunningServer } from '../../lib/staticServer';
import { coldBuild } from './coldBuild';
import { median, table, type Figure } from './stats';
import { searchFigures } from './searchFigures';
import { pageWeight, type Weight } from './weight';
import { writeVanillaSite } from './vanilla';
import { lighthouseScores, referenceFigures, type ReferenceRun } from './reference';

/** What a run of the bench was asked for (its flags and variables, tools/bench/main.ts). */
export interface BenchSettings {
  quick: boolean;
  runs: number;
  searchScale: number;
  work: string;
  log: (message: string) => void;
}

/** The API whose single-page reference is held against Redoc and RapiDoc: the registry's first. */
const [measuredApi] = apis;

/**
 * The page types of the portal, each against the vanilla Docusaurus page. The guide, call and schema pages are fixed
 * picks, so figures of one run compare with another's; the references are every API's.
 */
const pageTypes: readonly (readonly [string, string])[] = [
  ['landing', '/'],
  ['guide', '/getting-started/Guides/chat-bots'],
  ['/docs/ root', '/docs/'],
  ['operation page', `/docs/${measuredApi.folder}/get-championships`],
  ['schema page', `/docs/${measuredApi.folder}/schemas/championship`],
  ...apis.map(({ reference }) => [reference.route, reference.route] as const),
];

/** The reference's route, as figure names give it. */
export const measuredReference = measuredApi.reference.route;

/** The reference of the build served at `siteUrl` against the peers, on the document that build published. */
export function referenceRun(siteUrl: string, buildDir: string, settings: BenchSettings): ReferenceRun {
  return {
    url: `${siteUrl}${measuredReference}`,
    documentFile: path.join(buildDir, `openapi/${measuredApi.id}.json`),
    work: settings.work,
    rounds: Math.max(settings.runs, 5),
    lighthouse: !settings.quick,
  };
}

/**
 * The whole bench: cold builds (Faster against webpack), each page type's bytes and Lighthouse scores against the
 * vanilla page, the reference against its peers and the search figures; writes bench/results.json.
 */
export async function measureSite(settings: BenchSettings): Promise<void> {
  const { quick, runs, work, log } = settings;
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

    figures.push(...(await referenceFigures(browser, referenceRun(site.url, siteOut, settings))));

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
    figures.push(...(await searchFigures(browser, siteOut, settings)));
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }

  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', `${JSON.stringify({ quick, runs, figures }, null, 2)}\n`);
  console.log(`\n${table(figures)}\n\n[bench] wrote bench/results.json`);
}
