import { expect, test } from '@playwright/test';
import { extractHrefs, extractIds, internalLink, sitemapPaths } from '../../tools/lib/links';
import { specRoutes } from './support/routes';

/**
 * The config only warns on broken links (spec §2); this crawl makes any broken link or anchor a failing test.
 * It reads every page of the sitemap and every spec route from the served build.
 */
test('no page of the build links to a missing page or anchor', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const sitemapped = sitemapPaths(sitemap);
  const pages = [...new Set([...sitemapped, ...specRoutes, '/404.html'])];
  expect(sitemapped.length).toBeGreaterThan(10);

  const htmlCache = new Map<string, Promise<{ status: number; html: string }>>();
  const load = (path: string) => {
    let entry = htmlCache.get(path);
    if (!entry) {
      entry = request.get(path, { maxRedirects: 5 }).then(async (response) => ({
        status: response.status(),
        html: response.headers()['content-type']?.includes('text/html') ? await response.text() : '',
      }));
      htmlCache.set(path, entry);
    }
    return entry;
  };

  const broken: string[] = [];
  for (const pagePath of pages) {
    const { html } = await load(pagePath);
    const pageUrl = new URL(pagePath, baseURL).href;
    for (const href of extractHrefs(html)) {
      const link = internalLink(href, pageUrl);
      if (!link) continue;
      const target = await load(link.path);
      if (target.status !== 200) {
        broken.push(`${pagePath} -> ${href} (${target.status})`);
      } else if (link.anchor && target.html && !extractIds(target.html).has(link.anchor)) {
        broken.push(`${pagePath} -> ${href} (no anchor #${link.anchor})`);
      }
    }
  }
  expect(broken).toEqual([]);
});
