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
