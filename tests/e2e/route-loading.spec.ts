import type { Page } from '@playwright/test';
import { e2eRoutes } from '../fixtures/plugins/e2e-test-routes';
import { expect, gotoHydrated, test } from './support/fixtures';
import { footerLink } from './support/pages';
import { holdRequests } from './support/requests';
import { variants, variantUrl } from './support/variants';

/** Spec §2: how routes load, fail, prefetch and crash, in the production build or its test variant. */

test.describe('route loading', () => {
  test.use({ allowProblems: true });

  test('a spinner shows while route code loads, then the content', async ({ page }) => {
    const held = await holdRequests(page, /e2e-lazy-probe.*\.js$/);
    await page.goto(`${variantUrl('hostile')}${e2eRoutes.lazy}`);
    await held.arrived;
    // Hydration comes first; on a loaded machine it takes seconds (see the next test).
    await expect(page.locator('#loader')).toBeVisible({ timeout: 20_000 });
    held.release();
    await expect(page.getByText('Lazy content loaded')).toBeVisible();
    await expect(page.locator('#loader')).toHaveCount(0);
  });

  test('a failed load shows an error box with the message and Retry, and Retry loads it', async ({ page }) => {
    const held = await holdRequests(page, /e2e-lazy-probe.*\.js$/);
    await page.goto(`${variantUrl('hostile')}${e2eRoutes.lazy}`);
    await held.arrived;
    // Fail the load only once the spinner shows, that is once the component has mounted: react-loadable drops an
    // answer that arrives before its component mounts (`setStateWithMountCheck`), and during hydration on a loaded
    // machine an abort sent at once arrived in that gap and left the spinner forever (CI, 1 run in 4).
    await expect(page.locator('#loader')).toBeVisible({ timeout: 20_000 });
    held.fail();
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expect(page.getByText(/Loading chunk .* failed/)).toBeVisible();
    await held.stop();
    await retry.click();
    await expect(page.getByText('Lazy content loaded')).toBeVisible();
  });

  test('a failed route preload logs a warning and reloads the whole page', async ({ page }) => {
    await gotoHydrated(page, '/getting-started/intro/start-here');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // Every chunk not loaded yet fails from now on, as after a deployment that removed the old chunks.
    await page.route(/\/assets\/js\/.*\.js$/, (route) => route.abort());
    const reload = page.waitForRequest(
      (request) => request.resourceType() === 'document' && new URL(request.url()).pathname === '/docs/webhooks',
    );
    await page.evaluate(() => {
      // Navigate through the router, as a click on a link would.
      const link = document.createElement('a');
      link.href = '/docs/webhooks';
      document.querySelector('.footer')?.append(link);
    });
    await footerLink(page, '/docs/webhooks').click();
    await reload;
    expect(warnings.join('\n')).toMatch(/chunk/i);
  });
});

test.describe('a misconfigured base URL', () => {
  test.use({ allowProblems: true });

  test('shows a banner suggesting a base URL on the base path', async ({ page }) => {
    // A build for another base URL, served at the root.
    await page.goto(`${variantUrl('wrongBase')}/`);
    const banner = page.locator('#__docusaurus-base-url-issue-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(variants.hostile.env.BASE_URL);
    await expect(page.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText('/');
  });
});

test.describe('link prefetching', () => {
  const connections = [
    ['a 2g connection', { effectiveType: '2g', saveData: false }],
    ['data saver', { effectiveType: '4g', saveData: true }],
  ] as const;

  for (const [name, connection] of connections) {
    test(`is skipped on ${name}`, async ({ page }) => {
      await page.addInitScript((value) => {
        Object.defineProperty(navigator, 'connection', { value, configurable: true });
      }, connection);
      await gotoHydrated(page, '/');
      await page.waitForLoadState('networkidle');
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url());
      });
      await footerLink(page, '/docs/webhooks').hover();
      // A request the page makes after the hover: any prefetch the hover started was issued before it, so its
      // request event has arrived by the time this one's has.
      const barrier = page.waitForRequest((request) => request.url().includes('prefetch-barrier'));
      await page.evaluate(() => void fetch('/robots.txt?prefetch-barrier', { cache: 'no-store' }));
      await barrier;
      expect(scripts).toEqual([]);
      await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
    });
  }

  test('happens on a normal connection', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached();
    const script = page.waitForRequest((request) => request.url().endsWith('.js'));
    await footerLink(page, '/docs/webhooks').hover();
    await script;
  });
});

test.describe('the route progress bar', () => {
  /** Records whether NProgress ever added its bar, however briefly. */
  async function watchProgressBar(page: Page) {
    await page.evaluate(() => {
      (window as unknown as { __sawProgress: boolean }).__sawProgress = false;
      new MutationObserver(() => {
        if (document.getElementById('nprogress'))
          (window as unknown as { __sawProgress: boolean }).__sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    return () => page.evaluate(() => (window as unknown as { __sawProgress: boolean }).__sawProgress);
  }

  test('does not appear on a navigation faster than 200 ms', async ({ page }) => {
    await gotoHydrated(page, '/getting-started/intro/start-here');
    await footerLink(page, '/docs/webhooks').hover();
    await page.waitForLoadState('networkidle');
    const sawProgress = await watchProgressBar(page);
    await footerLink(page, '/docs/webhooks').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    // The bar's 200 ms timer is cleared when the route is done, which is before its page paints: two frames later
    // it either showed (the observer saw it) or never will.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await sawProgress()).toBe(false);
  });

  test('appears when a navigation takes longer than 200 ms', async ({ page }) => {
    await gotoHydrated(page, '/getting-started/intro/start-here');
    const held = await holdRequests(page, /\/assets\/js\/.*\.js$/);
    const sawProgress = await watchProgressBar(page);
    await footerLink(page, '/docs/webhooks').click();
    await expect(page.locator('#nprogress')).toBeAttached();
    held.release();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    expect(await sawProgress()).toBe(true);
  });
});

test.describe('the crash page', () => {
  test.use({ allowProblems: true });

  test('shows "This page crashed." with the error chain, and Try again re-renders', async ({ page }) => {
    await page.addInitScript(() => {
      window.__e2eCrash = true;
    });
    await page.goto(`${variantUrl('hostile')}${e2eRoutes.crash}`);
    await expect(page.getByRole('heading', { name: 'This page crashed.' })).toBeVisible();
    await expect(page.getByText(/Widget failed to render/)).toBeVisible();
    await expect(page.getByText(/Cause:\s*Upstream data was malformed/)).toBeVisible();
    await page.evaluate(() => {
      window.__e2eCrash = false;
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Crash probe rendered' })).toBeVisible();
  });
});
