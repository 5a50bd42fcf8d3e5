import { parse } from 'node-html-parser';
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

for (const route of [guideRoute, referenceSampleRoutes[0], '/api/data']) {
  test(`${route}: linked pages' chunks are prefetched once each, none the page already runs`, async ({
    page,
    request,
  }) => {
    const html = parse(await (await request.get(route)).text());
    const named = html.querySelectorAll('script[src]').map((script) => script.getAttribute('src') ?? '');
    const fetched: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script' || sent.resourceType() === 'other')
        fetched.push(new URL(sent.url()).pathname);
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    // Prefetching waits for idle time: wait until the links stop coming.
    const count = () => page.locator('link[rel="prefetch"]').count();
    await expect.poll(count).toBeGreaterThan(0);
    let before = -1;
    await expect
      .poll(async () => {
        const now = await count();
        const settled = now === before;
        before = now;
        return settled;
      })
      .toBe(true);
    const { prefetched, scripts } = await page.evaluate(() => ({
      prefetched: Array.from(document.querySelectorAll('link[rel="prefetch"]'), (link) => link.getAttribute('href')),
      scripts: Array.from(document.scripts, (script) => script.getAttribute('src')).filter(Boolean),
    }));
    expect(prefetched).toEqual([...new Set(prefetched)]);
    // The scripts the HTML names have run (the bundler's runtime removes a chunk's element once it has): none is
    // prefetched again, and no file is fetched twice, whichever element asked for it.
    expect(prefetched.filter((href) => scripts.includes(href) || named.includes(href ?? ''))).toEqual([]);
    expect(fetched.filter((file, index) => fetched.indexOf(file) !== index)).toEqual([]);
  });
}
