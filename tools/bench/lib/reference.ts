/**
 * The single-page reference against its peers: Redoc standalone and RapiDoc render the same resolved document from a
 * plain HTML page, served on 127.0.0.1; the three pages are loaded alternately in fresh contexts, and each figure is
 * held against the best peer of the same run (issue 16's targets are ratios to it).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { chromiumArgsAfter, chromiumPath } from '../../lib/chromium';
import { serveBuild, type RunningServer } from '../../lib/staticServer';
import { listOperations, text, type JsonObject } from '../../../src/core/openapi/document';
import { median, type Figure } from './stats';
import { pageWeight } from './weight';

/** Peer renderers of the same resolved document, each a plain HTML page around the peer's own bundle from npm. */
const peers = {
  'Redoc standalone': {
    bundle: 'node_modules/@redocly/cli/lib/chunks/redoc.standalone.js',
    body: '<redoc spec-url="/data-v4.json"></redoc><script type="module" src="/bundle.js"></script>',
  },
  RapiDoc: {
    bundle: 'node_modules/rapidoc/dist/rapidoc-min.js',
    body: '<rapi-doc spec-url="/data-v4.json" render-style="read" show-header="false" allow-try="false"></rapi-doc><script type="module" src="/bundle.js"></script>',
  },
} as const;
type PeerName = keyof typeof peers;
const peerNames = Object.keys(peers) as PeerName[];

function writePeer(dir: string, name: PeerName, specFile: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(specFile, path.join(dir, 'data-v4.json'));
  copyFileSync(path.resolve(peers[name].bundle), path.join(dir, 'bundle.js'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title></head>\n<body>${peers[name].body}</body></html>\n`,
  );
}

interface Paint {
  visible: number;
  interactive: number;
  nodes: number;
}

/**
 * Milliseconds from navigation until the first operation's heading is visible, and until the main thread is quiet:
 * the end of the last long task seen by 1.5 s after the network went idle (an approximation of time to interactive).
 */
async function firstPaint(browser: Browser, url: string, heading: string, route: string): Promise<Paint> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const state = window as unknown as { __longTaskEnds: number[] };
    state.__longTaskEnds = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.__longTaskEnds.push(entry.startTime + entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  // By text, not role: RapiDoc draws its headings as styled elements in a shadow root (Playwright pierces it).
  // The call's summary, or its path where a peer (Redoc 3) lists calls by path before rendering them.
  await page
    .getByText(heading, { exact: true })
    .or(page.getByText(route, { exact: true }))
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 120_000 });
  const visible = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.waitForTimeout(1500);
  const interactive = await page.evaluate((seen) => {
    const ends = (window as unknown as { __longTaskEnds: number[] }).__longTaskEnds.sort((a, b) => a - b);
    return Math.max(seen, ends.length > 0 ? ends[ends.length - 1] : seen);
  }, visible);
  // Elements, shadow roots included (RapiDoc and Redoc's peers render into them).
  // A string, not a function: tsx would wrap a named inner function in a helper the page does not have.
  const nodes = await page.evaluate<number>(`(() => {
    function count(root) {
      let total = 0;
      for (const element of root.querySelectorAll('*')) {
        total += 1;
        if (element.shadowRoot) total += count(element.shadowRoot);
      }
      return total;
    }
    return count(document);
  })()`);
  await context.close();
  return { visible, interactive, nodes };
}

export async function lighthouseScores(
  url: string,
): Promise<{ performance: number; accessibility: number; tbt: number }> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgsAfter(chromeLauncher.Launcher.defaultFlags())],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const categories = result?.lhr.categories;
    return {
      performance: Math.round((categories?.performance.score ?? 0) * 100),
      accessibility: Math.round((categories?.accessibility.score ?? 0) * 100),
      tbt: Math.round(result?.lhr.audits['total-blocking-time']?.numericValue ?? 0),
    };
  } finally {
    chrome.kill();
  }
}

export interface ReferenceRun {
  /** The portal's single-page reference. */
  url: string;
  /** The resolved document that page shows, given to the peers. */
  documentFile: string;
  /** Where the peers' pages are written. */
  work: string;
  rounds: number;
  lighthouse: boolean;
  /** Prefix of each figure's name ("/api/data", "/api/data at 16x"). */
  label?: string;
}

/** Figures of the page against each peer: first operation visible, main thread quiet, DOM, executed JS, Lighthouse. */
export async function referenceFigures(browser: Browser, run: ReferenceRun): Promise<Figure[]> {
  const label = run.label ?? '/api/data';
  const servers: RunningServer[] = [];
  const figures: Figure[] = [];
  try {
    const peerUrls = {} as Record<PeerName, string>;
    for (const name of peerNames) {
      const dir = path.join(run.work, `peer-${name}`);
      writePeer(dir, name, run.documentFile);
      const server = await serveBuild(dir);
      servers.push(server);
      peerUrls[name] = `${server.url}/`;
    }
    const document = JSON.parse(readFileSync(run.documentFile, 'utf8')) as JsonObject;
    const [firstCall] = listOperations(document);
    const heading = text(firstCall?.operation.summary);
    const contenders: [string, string][] = [['ours', run.url], ...Object.entries(peerUrls)];
    const paints = new Map<string, Paint[]>(contenders.map(([name]) => [name, []]));
    for (let round = 0; round < run.rounds; round += 1) {
      for (const [name, url] of contenders)
        paints.get(name)?.push(await firstPaint(browser, url, heading, firstCall?.path ?? ''));
      // A round at 16 times today's document takes minutes: say how far it is.
      console.log(`[bench] ${label}: round ${round + 1} of ${run.rounds}`);
    }
    const executed = new Map<string, number>();
    for (const [name, url] of contenders) executed.set(name, (await pageWeight(browser, url)).jsRaw);
    const medianOf = (name: string, key: keyof Paint) => median((paints.get(name) ?? []).map((paint) => paint[key]));
    const best = (value: (name: string) => number): [string, number] =>
      peerNames.map((name): [string, number] => [name, value(name)]).sort((a, b) => a[1] - b[1])[0];
    for (const [what, key] of [
      ['first operation visible', 'visible'],
      ['main thread quiet', 'interactive'],
      ['DOM elements', 'nodes'],
    ] as const) {
      const [peer, value] = best((name) => medianOf(name, key));
      figures.push({
        name: `${label}: ${what}`,
        value: medianOf('ours', key),
        anchorName: `best peer (${peer})`,
        anchor: value,
        unit: key === 'nodes' ? 'elements' : 'ms',
        runs: run.rounds,
      });
    }
    for (const name of peerNames) {
      figures.push({
        name: `${label}: executed JS`,
        value: executed.get('ours') ?? 0,
        anchorName: name,
        anchor: executed.get(name) ?? 0,
        unit: 'B',
        runs: 1,
      });
    }
    if (run.lighthouse) {
      const ours = await lighthouseScores(run.url);
      for (const [name, url] of Object.entries(peerUrls)) {
        const scores = await lighthouseScores(url);
        figures.push(
          {
            name: `${label}: Lighthouse mobile performance`,
            value: ours.performance,
            anchorName: name,
            anchor: scores.performance,
            unit: 'score',
            runs: 1,
          },
          {
            name: `${label}: Lighthouse mobile TBT`,
            value: ours.tbt,
            anchorName: name,
            anchor: scores.tbt,
            unit: 'ms',
            runs: 1,
          },
        );
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  return figures;
}
