import { apis } from '../../config/apis';
import { icoEntries } from '../../tools/favicon/ico';
import { brand } from '../../config/brand';
import { expect, gotoHydrated, test } from './support/fixtures';
import { specRoutes } from './support/routes';
import { expectAccessible } from './support/axe';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tools/lib/chromium';

const notFoundHeading = 'Page Not Found';

test.describe('every route of the spec', () => {
  for (const route of specRoutes) {
    test(`${route} answers 200 and shows its own page; in the browser, with no WCAG 2.2 AA violations`, async ({
      page,
      request,
    }, testInfo) => {
      if (testInfo.project.name === 'nginx') {
        // The two servers send the same files; what nginx decides is which file answers the path, and with what
        // status. A browser would only hydrate the same bytes again (the shell tests below do, once, on nginx).
        const answer = await request.get(route);
        expect(answer.status()).toBe(200);
        const html = await answer.text();
        expect(html).toMatch(/<h1[ >]/);
        expect(html).not.toContain(notFoundHeading);
        expect(html).toMatch(new RegExp(`<title[^>]*>\\S[^<]* \\| ${brand.name}`));
        return;
      }
      // The single-page references hold every operation of their API in one document: axe checks some 23,000
      // elements of /api/data, 37 s alone on this 2-core machine and about three times that beside a busy worker.
      if (route.startsWith('/api/')) test.setTimeout(240_000);
      const response = await gotoHydrated(page, route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: notFoundHeading })).toHaveCount(0);
      await expect(page).toHaveTitle(new RegExp(`^\\S.* \\| ${brand.name}`));
      await expectAccessible(page, route);
    });
  }
});

test.describe('paths the site does not have', () => {
  test.use({ allowProblems: true });

  test('an unknown path answers 404 and shows the not-found page', async ({ page }) => {
    const response = await gotoHydrated(page, '/docs/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: notFoundHeading })).toBeVisible();
  });
});

test.describe('a trailing .html or index.html is stripped', () => {
  const cases = [
    ['/docs/webhooks.html', '/docs/webhooks'],
    ['/getting-started/intro/start-here/index.html', '/getting-started/intro/start-here'],
  ] as const;
  for (const [withSuffix, clean] of cases) {
    test(`${withSuffix} shows the page of ${clean}`, async ({ page }) => {
      await gotoHydrated(page, clean);
      const expectedHeading = await page.getByRole('heading', { level: 1 }).first().textContent();
      await gotoHydrated(page, withSuffix);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(expectedHeading ?? '');
      await expect(page.getByRole('heading', { name: notFoundHeading })).toHaveCount(0);
      expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(clean);
    });
  }
});

test.describe('the shell', () => {
  test('the navbar shows exactly the four sections with their targets', async ({ page }) => {
    await gotoHydrated(page, '/');
    const links = page.locator('.navbar__items a.navbar__link');
    await expect(links).toHaveText(['Getting Started', 'API', 'SDK', 'Game Studio']);
    await expect(links.nth(0)).toHaveAttribute('href', '/getting-started/intro/start-here');
    await expect(links.nth(1)).toHaveAttribute('href', /^\/docs\/?$/);
    for (const [index, href] of [
      [2, brand.sdkUrl],
      [3, brand.gameStudioUrl],
    ] as const) {
      await expect(links.nth(index)).toHaveAttribute('href', href);
      await expect(links.nth(index)).toHaveAttribute('target', '_blank');
      await expect(links.nth(index)).toHaveAttribute('rel', /noopener/);
      await expect(links.nth(index)).toHaveAttribute('rel', /noreferrer/);
    }
  });

  test('the site is dark even when the system prefers light, and has no colour-mode switch', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    await gotoHydrated(page, '/getting-started/intro/start-here');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: /(dark|light|system) mode/i })).toHaveCount(0);
  });

  test('the footer carries the 2025 copyright', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('footer')).toContainText('Copyright © 2025');
  });

  test('page titles use the pipe delimiter and the site is indexable', async ({ page, request }) => {
    await gotoHydrated(page, '/docs/webhooks');
    await expect(page).toHaveTitle(`Webhooks | ${brand.name} Developers`);
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('/docs/webhooks</loc>');
  });
});

test.describe("the site's icon", () => {
  // Pages name the SVG icon; a file with no head of its own (a download, llms.txt) makes Chromium ask for
  // /favicon.ico, and a missing one is a 404 in the console. The browser makes that request outside the page:
  // Playwright's page events do not report it, and the fixtures' request routing holds it forever. So this test uses
  // a context of its own and the CDP network record; and the whole Chromium a reader runs, since the request comes
  // from its interface (a tab's icon), which the tests' headless shell (tools/lib/chromium.ts) does not have.
  test('a download opened in the browser finds /favicon.ico, a real icon', async ({ request }, testInfo) => {
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      const network = await context.newCDPSession(page);
      await network.send('Network.enable');
      const icon = new Promise<{ status: number; mimeType: string }>((resolve) =>
        network.on('Network.responseReceived', ({ response }) => {
          if (new URL(response.url).pathname === '/favicon.ico') resolve(response);
        }),
      );
      await page.goto(`/openapi/${apis[0].id}.json`);
      expect(await icon).toMatchObject({ status: 200, mimeType: expect.stringMatching(/^image\//) });
      expect(consoleErrors).toEqual([]);
    } finally {
      await browser.close();
    }
    const file = new Uint8Array(await (await request.get('/favicon.ico')).body());
    expect(icoEntries(file).map((entry) => entry.png.width)).toEqual([16, 32, 48]);
  });
});
