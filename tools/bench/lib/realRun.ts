/**
 * `npm run bench -- --real`: the site built once with every real document of the selection
 * (tools/lib/realDocuments.ts) and GitHub's REST document as APIs of a throw-away copy, the way an API is added;
 * then each document's calls checked for a page with a curl sample, and every call page (and each API's first schema
 * pages and single-page reference) loaded in Chromium, its console errors and exceptions collected. `npm test` builds
 * a part of the selection (tests/integration/provider-build.integration.test.ts); this is the whole of it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { JsonObject } from '../../../src/core/openapi/document';
import { operationViews, schemaViews } from '../../../src/core/openapi/view';
import { chromiumArgs, chromiumPath } from '../../lib/chromium';
import { serveBuild } from '../../lib/staticServer';
import { addRealApis, githubDocument, realDocuments } from '../../lib/realDocuments';
import { copySite } from '../../lib/siteCopy';
import type { RealBuild, RealRow } from './realTable';
import { filesUnder, sum, timedBuild } from './scaleRun';

/** Schema pages loaded per document besides every call page: they share one component. */
const schemaPagesPerDocument = 5;

export async function measureReal(log: (message: string) => void): Promise<{ rows: RealRow[]; build: RealBuild }> {
  const documents = [...realDocuments, githubDocument];
  const site = copySite(process.cwd(), 'bench-real-');
  try {
    addRealApis(site.dir, documents);
    const outDir = path.join(site.dir, 'build');
    log(`building ${documents.length} real documents in ${site.dir}`);
    const { time } = await timedBuild(site.dir, outDir, 'real documents');
    log(`built in ${time.wall.toFixed(0)} s wall, ${time.cpu.toFixed(0)} s CPU`);
    const files = filesUnder(outDir);
    const build: RealBuild = {
      wall: time.wall,
      cpu: time.cpu,
      rss: time.rss,
      pages: files.filter((item) => item.file.endsWith(`${path.sep}index.html`)).length,
      bytes: sum(files),
    };
    const server = await serveBuild(outDir);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const rows: RealRow[] = [];
    try {
      const page = await browser.newPage();
      let current = '';
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${current}: ${message.text().slice(0, 200)}`);
      });
      page.on('pageerror', (error) => errors.push(`${current}: ${error.message.slice(0, 200)}`));
      for (const document of documents) {
        // The document as the build resolved it (the downloads' JSON), so pages and views agree.
        const built = JSON.parse(
          readFileSync(path.join(outDir, `openapi/real-${document.slug}.json`), 'utf8'),
        ) as JsonObject;
        const base = `/docs/real-${document.slug}`;
        const views = operationViews(built, document.slug);
        const schemas = schemaViews(built, document.slug);
        const missing: string[] = [];
        const withoutSample: string[] = [];
        const routes: string[] = [];
        for (const view of views) {
          const label = `${view.method.toUpperCase()} ${view.path}`;
          const file = path.join(outDir, base, view.slug, 'index.html');
          if (!existsSync(file)) {
            missing.push(label);
            continue;
          }
          // The sample is highlighted: its words are split across tags.
          const text = readFileSync(file, 'utf8').replace(/<[^>]*>/g, '');
          if (!text.includes('curl --fail-with-body')) withoutSample.push(label);
          routes.push(`${base}/${view.slug}`);
        }
        routes.push(
          ...schemas.slice(0, schemaPagesPerDocument).map((schema) => `${base}/${schema.slug}`),
          `/api/real-${document.slug}`,
        );
        errors.length = 0;
        const started = Date.now();
        for (const route of routes) {
          current = route;
          await page.goto(`${server.url}${route}`, { waitUntil: 'load', timeout: 120_000 });
        }
        log(
          `${document.slug}: ${views.length} calls, ${routes.length} pages loaded in ${((Date.now() - started) / 1000).toFixed(0)} s, ${errors.length} errors`,
        );
        rows.push({
          slug: document.slug,
          shape: document.shape,
          calls: views.length,
          schemas: schemas.length,
          missing,
          withoutSample,
          visited: routes.length,
          errors: [...errors],
        });
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    return { rows, build };
  } finally {
    // BENCH_REAL_KEEP=1 keeps the copy and its build, to look into a failure.
    if (process.env.BENCH_REAL_KEEP === '1') log(`kept ${site.dir}`);
    else site.remove();
  }
}
