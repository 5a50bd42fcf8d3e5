import type { Page } from '@playwright/test';
import { e2eRoutes } from '../fixtures/plugins/e2e-test-routes';
import { expect, gotoHydrated, test } from './support/fixtures';
import { holdRequests } from './support/requests';
import { guideRoute } from './support/routes';
import { variants, variantUrl } from './support/variants';

/** Spec §2's shell behaviours, each shown in the browser against the production build (or a variant of it). */

const desktop = { width: 1280, height: 800 };

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
    held.fail();
    const retry = page.getByRole('button', { name: 'Retry' });
    // The box needs the failed import to reach React; on a loaded CI machine (CPU throttled 30x here) that took 9 s.
    await expect(retry).toBeVisible({ timeout: 20_000 });
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
    await page.locator('footer a[href="/docs/webhooks"]').first().click();
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
      await page.locator('footer a[href="/docs/webhooks"]').hover();
      await page.waitForTimeout(500);
      expect(scripts).toEqual([]);
      await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
    });
  }

  test('happens on a normal connection', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached();
    const script = page.waitForRequest((request) => request.url().endsWith('.js'));
    await page.locator('footer a[href="/docs/webhooks"]').hover();
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
    await page.locator('footer a[href="/docs/webhooks"]').hover();
    await page.waitForLoadState('networkidle');
    const sawProgress = await watchProgressBar(page);
    await page.locator('footer a[href="/docs/webhooks"]').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.waitForTimeout(400);
    expect(await sawProgress()).toBe(false);
  });

  test('appears when a navigation takes longer than 200 ms', async ({ page }) => {
    await gotoHydrated(page, '/getting-started/intro/start-here');
    const held = await holdRequests(page, /\/assets\/js\/.*\.js$/);
    const sawProgress = await watchProgressBar(page);
    await page.locator('footer a[href="/docs/webhooks"]').click();
    await expect(page.locator('#nprogress')).toBeAttached();
    held.release();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    expect(await sawProgress()).toBe(true);
  });
});

test.describe('the navbar', () => {
  test('is fixed at the top, hides on scroll down and returns on scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 360 });
    await gotoHydrated(page, '/docs/webhooks');
    const navbar = page.locator('nav.navbar');
    await expect(navbar).toHaveCSS('position', 'sticky');
    await page.mouse.move(640, 200);
    // Two steps: the navbar hides when a scroll continues downwards from an earlier position below it.
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(100);
    await page.mouse.wheel(0, 300);
    await expect(navbar).toHaveClass(/navbarHidden/);
    await page.mouse.wheel(0, -200);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });

  test('sections collapse and expand in the mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await gotoHydrated(page, '/getting-started/intro/start-here');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar.getByRole('link', { name: 'Start here' })).toBeVisible();
    await sidebar.getByRole('button', { name: /Back to main menu/ }).click();
    await expect(
      sidebar.locator('.navbar-sidebar__item.menu').first().getByRole('link', { name: 'Game Studio' }),
    ).toBeVisible();
  });
});

test.describe('the mobile/desktop switch at 996 px', () => {
  test('at 996 px the navbar toggle and mobile sidebar show', async ({ page }) => {
    await page.setViewportSize({ width: 996, height: 800 });
    await gotoHydrated(page, '/docs/webhooks');
    await expect(page.getByRole('button', { name: 'Toggle navigation bar' })).toBeVisible();
    await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar').getByRole('link', { name: 'Webhooks' })).toBeVisible();
  });

  test('at 997 px the desktop sidebar shows', async ({ page }) => {
    await page.setViewportSize({ width: 997, height: 800 });
    await gotoHydrated(page, '/docs/webhooks');
    await expect(page.getByRole('button', { name: 'Toggle navigation bar' })).toBeHidden();
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
  });
});

test('the first Tab focuses the skip link and Enter moves focus to the main content', async ({ page }) => {
  await gotoHydrated(page, guideRoute);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Focus lands on <main>; the next Tab therefore reaches the first control inside it, not the navbar.
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => ({
    insideMain: Boolean(document.activeElement?.closest('main')),
    inNavbar: Boolean(document.activeElement?.closest('nav.navbar')),
  }));
  expect(next).toEqual({ insideMain: true, inNavbar: false });
});

/** Docusaurus namespaces its storage keys per site (`key-<hash>`); this finds the value under a key's prefix. */
function storageValue(page: Page, prefix: string): Promise<string | null> {
  return page.evaluate((keyPrefix) => {
    const key = Object.keys(window.localStorage).find((candidate) => candidate.startsWith(keyPrefix));
    return key === undefined ? null : window.localStorage.getItem(key);
  }, prefix);
}

/** The site's storage namespace suffix, learnt from the key the announcement bar writes on load. */
async function storageNamespace(page: Page): Promise<string> {
  const key = await page.evaluate(() =>
    Object.keys(window.localStorage).find((candidate) => candidate.startsWith('docusaurus.announcement.id')),
  );
  if (!key) throw new Error('the announcement bar wrote no storage key');
  return key.slice('docusaurus.announcement.id'.length);
}

test.describe('the announcement bar', () => {
  const bar = (page: Page) => page.locator('div[role="banner"]').filter({ hasText: 'Chat API v1' });

  test('stays dismissed across reloads', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(bar(page)).toBeVisible();
    await bar(page).getByRole('button', { name: 'Close' }).click();
    await expect(bar(page)).toHaveCount(0);
    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(bar(page)).toHaveCount(0);
    expect(await storageValue(page, 'docusaurus.announcement.dismiss')).toBe('true');
  });

  test('shows again when the bar id changes', async ({ page }) => {
    await gotoHydrated(page, '/');
    const namespace = await storageNamespace(page);
    // A visitor dismissed an earlier announcement, stored under that announcement's id.
    await page.evaluate((suffix) => {
      window.localStorage.setItem(`docusaurus.announcement.dismiss${suffix}`, 'true');
      window.localStorage.setItem(`docusaurus.announcement.id${suffix}`, 'an-earlier-announcement');
    }, namespace);
    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(bar(page)).toBeVisible();
    expect(await storageValue(page, 'docusaurus.announcement.id')).toBe('chat-api-v1');
  });
});

test.describe('the docs sidebar', () => {
  test.use({ viewport: desktop });

  test('categories expand and collapse, and opening one leaves the others open', async ({ page }) => {
    await gotoHydrated(page, '/getting-started/intro/start-here');
    const sidebar = page.locator('.theme-doc-sidebar-container');
    await expect(sidebar.getByRole('link', { name: 'Start here' })).toBeVisible();
    await sidebar.getByRole('button', { name: /Expand sidebar category 'Authentication'/ }).click();
    await expect(sidebar.getByRole('link', { name: 'API keys' })).toBeVisible();
    await sidebar.getByRole('button', { name: /Expand sidebar category 'Guides'/ }).click();
    await expect(sidebar.getByRole('link', { name: 'Chat bots' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'API keys' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Start here' })).toBeVisible();
    await sidebar.getByRole('button', { name: /Collapse sidebar category 'Guides'/ }).click();
    await expect(sidebar.getByRole('link', { name: 'Chat bots' })).toBeHidden();
  });

  test('cannot be hidden', async ({ page }) => {
    await gotoHydrated(page, '/docs/webhooks');
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
    // The hide button of a hideable sidebar; the categories' own "Collapse sidebar category …" buttons stay.
    await expect(page.getByRole('button', { name: /^collapse sidebar$/i })).toHaveCount(0);
    await expect(page.locator('.theme-doc-sidebar-container button[title="Collapse sidebar"]')).toHaveCount(0);
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

test('the table of contents lists heading levels 2 and 3 only', async ({ page }) => {
  await page.setViewportSize(desktop);
  await gotoHydrated(page, '/docs/webhooks');
  const toc = page.locator('.theme-doc-toc-desktop');
  const article = page.locator('article .markdown');
  const names = async (level: number) =>
    (await article.locator(`h${level}`).allInnerTexts()).map((text) => text.replace(/\u200b/g, '').trim());
  const [h2, h3, h4] = [await names(2), await names(3), await names(4)];
  expect(h2.length * h3.length * h4.length).toBeGreaterThan(0);
  for (const name of [...h2, ...h3]) await expect(toc.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of h4) await expect(toc.getByRole('link', { name, exact: true })).toHaveCount(0);
  expect(await toc.getByRole('link').count()).toBe(h2.length + h3.length);
});

test('the chosen docs version is kept in local storage, and a stale one is dropped', async ({ page }) => {
  await gotoHydrated(page, '/docs/webhooks');
  const namespace = await storageNamespace(page);
  await page.evaluate((suffix) => {
    window.localStorage.setItem(`docs-preferred-version-default${suffix}`, 'current');
    window.localStorage.setItem(`docs-preferred-version-getting-started${suffix}`, 'a-removed-version');
  }, namespace);
  await page.reload();
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await expect.poll(() => storageValue(page, 'docs-preferred-version-getting-started')).toBeNull();
  expect(await storageValue(page, 'docs-preferred-version-default')).toBe('current');
});
