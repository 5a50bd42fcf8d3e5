import { expect, gotoHydrated, test } from './support/fixtures';
import { DocsSidebar, tableOfContents } from './support/pages';
import { storageNamespace, storageValue } from './support/storage';

/** Spec §2: the docs sidebar, the table of contents and the kept docs version, in the production build. */

const desktop = { width: 1280, height: 800 };

test.describe('the docs sidebar', () => {
  test.use({ viewport: desktop });

  test('categories expand and collapse, and opening one leaves the others open', async ({ page }) => {
    await gotoHydrated(page, '/getting-started/intro/start-here');
    const sidebar = new DocsSidebar(page);
    await expect(sidebar.link('Start here')).toBeVisible();
    await sidebar.expand('Authentication');
    await expect(sidebar.link('API keys')).toBeVisible();
    await sidebar.expand('Guides');
    await expect(sidebar.link('Chat bots')).toBeVisible();
    await expect(sidebar.link('API keys')).toBeVisible();
    await expect(sidebar.link('Start here')).toBeVisible();
    await sidebar.collapse('Guides');
    await expect(sidebar.link('Chat bots')).toBeHidden();
  });

  test('cannot be hidden', async ({ page }) => {
    await gotoHydrated(page, '/docs/webhooks');
    const sidebar = new DocsSidebar(page);
    await expect(sidebar.root).toBeVisible();
    // The hide button of a hideable sidebar; the categories' own "Collapse sidebar category …" buttons stay.
    await expect(sidebar.hideButtons).toHaveCount(0);
  });
});

test('the table of contents lists heading levels 2 and 3 only', async ({ page }) => {
  await page.setViewportSize(desktop);
  await gotoHydrated(page, '/docs/webhooks');
  const toc = tableOfContents(page);
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
