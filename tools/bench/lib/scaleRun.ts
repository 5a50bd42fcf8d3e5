/**
 * The benchmark's scale axis: for each k, a throw-away copy of the site whose every API document is scaled k times
 * (scale.ts), built cold under GNU time with Docusaurus's perf log on, then its output measured and its pages loaded
 * in Chromium. The figures go into `scaleTable` (scaleBuild.ts).
 */
import {
  existsSync,
  symlinkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { parse } from 'yaml';
import { apis } from '../../../config/apis';
import { docusaurusBin } from '../../../config/build';
import { search } from '../../../config/search';
import { listOperations, type JsonObject } from '../../../src/core/openapi/document';
import { chromiumArgs, chromiumPath } from '../../lib/chromium';
import { serveBuild } from '../../lib/staticServer';
import { copySite } from '../../lib/siteCopy';
import { runNode } from '../../../src/build/node/runNode';
import { scaleDocument } from './scale';
import { combineTimeReports, parsePerfPhases, parseTimeReport, type ScaleRow } from './scaleBuild';
import { productionBuild } from '../../build/productionBuild';
import { pageWeight } from './weight';
import { writeVanillaSite } from './vanilla';

/** The page types whose weight is followed as the APIs grow (their routes exist at every k). */
export const scalePageTypes = {
  guide: '/getting-started/Guides/chat-bots',
  'operation page': '/docs/data-api/get-championships',
  'schema page': '/docs/data-api/schemas/championship',
  '/api/data': '/api/data',
} as const;

const timeBinary = '/usr/bin/time';

export function filesUnder(dir: string): { file: string; size: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(gz|br)$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, size: statSync(file).size };
    });
}

export const sum = (items: { size: number }[]) => items.reduce((total, item) => total + item.size, 0);

/**
 * A cold production build of the site in `siteDir` (tools/build/productionBuild.ts), each step under GNU time, with
 * Docusaurus's perf log on: the build's wall and CPU time, the largest step's peak RSS, and each step's.
 */
export async function timedBuild(
  siteDir: string,
  outDir: string,
  label: string,
): Promise<{ time: ReturnType<typeof parseTimeReport>; stepRss: Record<string, number>; output: string }> {
  if (!existsSync(timeBinary)) throw new Error(`${timeBinary} is missing: apt-get install -y time`);
  const steps: Record<string, ReturnType<typeof parseTimeReport>> = {};
  const { code, output } = await productionBuild(
    [siteDir, '--out-dir', outDir],
    { ...process.env, DOCUSAURUS_PERF_LOGGER: 'true' },
    async (argv, env, step) => {
      const report = path.join(siteDir, `time-report-${step.name}.txt`);
      // GNU time around the step, from a Node script so that runNode's output capture is reused.
      const timed = `const r = require('node:child_process').spawnSync(${JSON.stringify(timeBinary)}, ['-f', '%e %U %S %M', '-o', ${JSON.stringify(report)}, process.execPath, ...${JSON.stringify(argv)}], { stdio: 'inherit' }); process.exit(r.status ?? 1);`;
      // In the site's folder, as `npm run build` runs: Rspack's context defaults to the working directory, and a build
      // of a copy run from this checkout peaked 0.3-0.6 GB higher at k=16 (2.82-2.91 GB against 2.22-2.51 GB).
      const result = await runNode(['-e', timed], { env, cwd: siteDir });
      if (result.code === 0) steps[step.name] = parseTimeReport(readFileSync(report, 'utf8'));
      return result;
    },
  );
  if (code !== 0) throw new Error(`${label}: build failed:\n${output.slice(-3000)}`);
  return {
    time: combineTimeReports(Object.values(steps)),
    stepRss: Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, step.rss])),
    output,
  };
}

/** Builds and measures the site with every API's document scaled k times. `log` reports progress. */
export async function measureScale(k: number, log: (message: string) => void): Promise<ScaleRow> {
  const site = copySite(process.cwd(), `bench-scale-k${k}-`);
  try {
    let operations = 0;
    for (const api of apis) {
      const file = path.join(site.dir, api.vendored);
      const scaled = scaleDocument(parse(readFileSync(file, 'utf8')) as JsonObject, k);
      operations += listOperations(scaled).length;
      // JSON is YAML: the pipeline reads the vendored file either way.
      writeFileSync(file, JSON.stringify(scaled, null, 1));
    }
    const outDir = path.join(site.dir, 'build');
    log(`k=${k}: building ${operations} operations in ${site.dir}`);
    const { time, stepRss, output } = await timedBuild(site.dir, outDir, `k=${k}`);
    log(`k=${k}: built in ${time.wall.toFixed(0)} s wall, ${time.cpu.toFixed(0)} s CPU`);
    const files = filesUnder(outDir);
    const html = files.filter((item) => item.file.endsWith('.html'));
    const main = files.find((item) => /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(item.file));
    const pageHtml: Record<string, number> = {};
    const pageJs: Record<string, number> = {};
    const server = await serveBuild(outDir);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      for (const [name, route] of Object.entries(scalePageTypes)) {
        pageHtml[name] = statSync(path.join(outDir, route, 'index.html')).size;
        pageJs[name] = (await pageWeight(browser, `${server.url}${route}`)).jsRaw;
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    const vanilla = await vanillaDocPageJs(html.length, log);
    return {
      k,
      operations,
      vanillaDocJs: vanilla,
      ...time,
      stepRss,
      phases: parsePerfPhases(output),
      pages: html.filter((item) => item.file.endsWith(`${path.sep}index.html`)).length,
      bytes: sum(files),
      htmlBytes: sum(html),
      mainJs: main?.size ?? 0,
      pageHtml,
      pageJs,
      searchBytes: sum(files.filter((item) => item.file.startsWith(path.join(outDir, search.outputDir) + path.sep))),
    };
  } finally {
    // BENCH_SCALE_KEEP=1 keeps the copy and its build, to look into what grew.
    if (process.env.BENCH_SCALE_KEEP === '1') log(`k=${k}: kept ${site.dir}`);
    else site.remove();
  }
}

/**
 * The anchor for what Docusaurus itself costs as a site grows: a vanilla site (classic preset, Docusaurus Faster) with
 * `pages` doc pages in one autogenerated sidebar, folders of 8; the JavaScript a browser executes loading one of them.
 * Its route table, chunk map and sidebar metadata grow with the number of pages as ours do.
 */
async function vanillaDocPageJs(pages: number, log: (message: string) => void): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-vanilla-'));
  try {
    writeVanillaSite(dir, pages);
    const outDir = path.join(dir, 'build');
    // The vanilla site uses the portal's installed Docusaurus.
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    const { code, output } = await runNode([docusaurusBin, 'build', dir, '--out-dir', outDir], { cwd: dir });
    if (code !== 0) throw new Error(`vanilla build of ${pages} pages failed:\n${output.slice(-2000)}`);
    const server = await serveBuild(outDir);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const weight = await pageWeight(browser, `${server.url}/docs/group-0/page-0`);
      log(`vanilla site of ${pages} pages: a doc page executes ${Math.round(weight.jsRaw / 1024)} KB of JavaScript`);
      return weight.jsRaw;
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
