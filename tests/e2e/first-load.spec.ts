import { parse } from 'node-html-parser';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { guideRoute, referenceSampleRoutes } from './support/routes';

/**
 * A page's first load: the HTML names every script the page needs to hydrate, so the browser fetches them all at once
 * instead of learning of the page's own chunks only after `main.js` has run (src/plugins/route-scripts).
 */
const routes = ['/', guideRoute, '/docs/webhooks', referenceSampleRoutes[0], referenceSampleRoutes[2], '/api/data'];

for (const route of routes) {
  test(`${route}: every script requested before hydration is named in the HTML`, async ({ page, request }) => {
    const html = parse(await (await request.get(route)).text());
    const named = html.querySelectorAll('script[src]').map((script) => script.getAttribute('src') ?? '');
    const requested: string[] = [];
    let hydrated = false;
    page.on('request', (sent) => {
      if (!hydrated && sent.resourceType() === 'script') requested.push(new URL(sent.url()).pathname);
    });
    await page.goto(route);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    hydrated = true;
    // More than the entry: the page's own chunks are there, and each was fetched once, from the tag.
    expect(named.length, 'scripts named').toBeGreaterThan(2);
    expect(requested.filter((file) => !named.includes(file))).toEqual([]);
    expect(requested).toEqual([...new Set(requested)]);
  });
}

/**
 * The scripts and prefetched files the browser downloads from now on, by path: a request it answered from its cache
 * (a prefetched chunk the page then runs) has no body on the wire, so it does not count.
 */
function downloads(page: Page): string[] {
  const files: string[] = [];
  page.on('requestfinished', (finished) => {
    if (finished.resourceType() !== 'script' && finished.resourceType() !== 'other') return;
    void finished.sizes().then(
      (sizes) => {
        if (sizes.responseBodySize > 0) files.push(new URL(finished.url()).pathname);
      },
      () => undefined,
    );
  });
  return files;
}

/** Prefetching waits for idle time: until the page's prefetch links have not changed for a second and a half. */
async function prefetchingSettled(page: Page): Promise<void> {
  const count = () => page.locator('link[rel="prefetch"]').count();
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        seen.push(await count());
        return seen.length >= 4 && seen.slice(-4).every((value) => value === seen.at(-1));
      },
      { intervals: [500], timeout: 20_000 },
    )
    .toBe(true);
}

const twice = (files: readonly string[]) => files.filter((file, index) => files.indexOf(file) !== index);

for (const route of [guideRoute, referenceSampleRoutes[0], '/api/data']) {
  test(`${route}: linked pages' chunks are prefetched once each, none the page already runs`, async ({
    page,
    request,
  }) => {
    const html = parse(await (await request.get(route)).text());
    const named = html.querySelectorAll('script[src]').map((script) => script.getAttribute('src') ?? '');
    const fetched = downloads(page);
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('link[rel="prefetch"]').count()).toBeGreaterThan(0);
    await prefetchingSettled(page);
    const { prefetched, scripts } = await page.evaluate(() => ({
      prefetched: Array.from(document.querySelectorAll('link[rel="prefetch"]'), (link) => link.getAttribute('href')),
      scripts: Array.from(document.scripts, (script) => script.getAttribute('src')).filter(Boolean),
    }));
    expect(prefetched).toEqual([...new Set(prefetched)]);
    // The scripts the HTML names have run (the bundler's runtime removes a chunk's element once it has): none is
    // prefetched again, and no file is downloaded twice, whichever element asked for it.
    expect(prefetched.filter((href) => scripts.includes(href) || named.includes(href ?? ''))).toEqual([]);
    expect(twice(fetched)).toEqual([]);
  });
}
