/**
 * What a reader of a big build downloads (`npm run bench -- --big`): our own call page in the same build against the
 * same page in the site alone (the "bytes per operation page within 1.2 times today's": the same page, so
 * only what grows with the site differs), the added API's first call page by name (its own content, shown as is),
 * and the relevance set's first queries (bytes against the 300 KB budget, and whether our pages still come first
 * when the added API's compete). Measured on the cold build, served statically, in Chromium.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../lib/chromium';
import { relevanceFigures, relevanceSet } from '../../lib/relevance';
import { serveBuild } from '../../lib/staticServer';
import { median } from './stats';
import { runQueries } from './search';
import { scalePageTypes } from './scaleRun';
import { pageWeight, type Weight } from './weight';

export interface BigPages {
  /** Our own call page (`scalePageTypes`), and the added API's first call page (by name) when there is one. */
  ownCall: Weight;
  call: (Weight & { route: string }) | null;
  search: { medianBytes: number; maxBytes: number; mrr: number; top3: number; coldMs: number };
}

/** Pages of an added API's folder that are not calls (its overview, changelog, schemas and webhooks). */
const notCalls = new Set(['overview', 'changelog', 'schemas', 'webhooks']);

/** The route of the first call page, by name, of the API whose pages are in `docs/<folder>` of the build. */
export function firstCallRoute(outDir: string, folder: string): string | undefined {
  const names = readdirSync(path.join(outDir, 'docs', folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !notCalls.has(entry.name))
    .map((entry) => entry.name)
    .sort();
  return names[0] === undefined ? undefined : `/docs/${folder}/${names[0]}`;
}

export async function measureBigPages(outDir: string, folder: string | undefined): Promise<BigPages> {
  const server = await serveBuild(outDir);
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      return await measured(browser, server.url, outDir, folder);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

async function measured(browser: Browser, url: string, outDir: string, folder: string | undefined): Promise<BigPages> {
  const ownCall = await pageWeight(browser, `${url}${scalePageTypes['operation page']}`);
  const route = folder === undefined ? undefined : firstCallRoute(outDir, folder);
  const call = route === undefined ? null : { route, ...(await pageWeight(browser, `${url}${route}`)) };
  const set = relevanceSet();
  const runs = await runQueries(
    browser,
    url,
    set.queries.map((entry) => entry.query),
    scalePageTypes.guide,
  );
  const relevance = relevanceFigures(set, new Map(runs.map((run) => [run.query, run.urls])));
  const bytes = runs.map((run) => run.bytes);
  return {
    ownCall,
    call,
    search: {
      medianBytes: median(bytes),
      maxBytes: Math.max(...bytes),
      mrr: relevance.mrr,
      top3: relevance.top3,
      coldMs: median(runs.map((run) => run.coldMs)),
    },
  };
}
