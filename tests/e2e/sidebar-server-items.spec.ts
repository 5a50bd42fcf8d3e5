import { referenceModel } from '../../src/core/openapi/singlePage';
import { expect, gotoHydrated, test } from './support/fixtures';
import { Navbar } from './support/pages';
import { builtDocument } from './support/openapi';
import { variantDir, variants, variantUrl } from './support/variants';
import { gotoWithoutScripts } from './support/withoutScripts';

/**
 * A sidebar list longer than SIDEBAR_SERVER_ITEMS (the `hostile` variant is built with a small one, so today's Data
 * API has more tags than it): the server renders its first items, the one on the reader's path and a link to the
 * list's page; the hydrated browser renders the whole list without rendering anything the server sent again.
 */

const limit = Number(variants.hostile.env.SIDEBAR_SERVER_ITEMS);
const model = referenceModel(builtDocument('data-v4', variantDir('hostile')), {
  api: 'data-v4',
  samples: { credentialVariable: 'X', baseUrlVariable: 'Y', fallbackServer: 'http://127.0.0.1:1', trustedOrigins: [] },
});
// A call of the last tag: its category comes after the first `limit` items of the API's list.
const lastTag = model.groups[model.groups.length - 1];
const call = lastTag.calls[0];
const route = `${variantUrl('hostile')}/docs/data-api/${call.slug}`;

/** The items of the list holding the page's own tag category, by their labels. */
function listOfTag(page: import('@playwright/test').Page) {
  const tag = page
    .locator('nav[aria-label="Docs sidebar"] .theme-doc-sidebar-item-category')
    .filter({ has: page.locator(':scope > div > a', { hasText: lastTag.name }) });
  return { tag, siblings: tag.locator('xpath=..').locator(':scope > li') };
}

test('the Data API has more tags than the variant’s limit', () => {
  expect(model.groups.length).toBeGreaterThan(limit + 1);
});

test('without JavaScript a long list shows its first items, the page’s own, and a link for the rest', async ({
  page,
}) => {
  await gotoWithoutScripts(page, route);
  const { tag, siblings } = listOfTag(page);
  await expect(tag).toHaveCount(1);
  // The page's own category is open on its calls.
  await expect(tag.locator('a[aria-current="page"]')).toHaveText(call.summary);
  const more = tag.locator('xpath=..').locator(':scope > li[data-sidebar-more]');
  await expect(more).toHaveCount(1);
  const rendered = (await siblings.count()) - 1;
  expect(rendered).toBe(limit + 1);
  const hidden = Number(/^(\d+) more/.exec((await more.textContent()) ?? '')?.[1]);
  expect(hidden).toBeGreaterThan(0);
  await expect(more.locator('a')).toHaveAttribute('href', new RegExp(`^${variants.hostile.env.BASE_URL}docs/`));
  // Every list of the sidebar keeps within the limit, plus the item on the reader's path.
  const lists = await page
    .locator('nav[aria-label="Docs sidebar"] ul')
    .evaluateAll((uls) => uls.map((ul) => ul.querySelectorAll(':scope > li:not([data-sidebar-more])').length));
  expect(Math.max(...lists)).toBeLessThanOrEqual(limit + 1);
});

test('once hydrated, the whole list, the server’s items kept as they were', async ({ page }) => {
  await gotoWithoutScripts(page, route);
  const { siblings: before } = listOfTag(page);
  const hidden = Number(/^(\d+) more/.exec((await before.last().textContent()) ?? '')?.[1]);
  const total = (await before.count()) - 1 + hidden;
  await page.unrouteAll();

  // The scripts wait until what the server rendered is marked; after hydration the marked elements must still be
  // the ones on the page.
  let release: () => void = () => undefined;
  const marked = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (request) => {
    await marked;
    await request.continue();
  });
  await page.goto(route, { waitUntil: 'commit' });
  const { tag, siblings } = listOfTag(page);
  // The markup is parsed while the scripts wait (Docusaurus defers them, so the DOMContentLoaded event waits too).
  await tag.waitFor({ state: 'attached' });
  await tag.evaluate((element) => element.setAttribute('data-from-server', ''));
  release();
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(siblings).toHaveCount(total);
  await expect(page.locator('[data-sidebar-more]')).toHaveCount(0);
  await expect(tag).toHaveAttribute('data-from-server', '');
  await expect(tag.locator('a[aria-current="page"]')).toHaveText(call.summary);
  // A category the server left out is there and opens.
  const first = siblings.nth(limit).locator(':scope > div > a');
  await first.click();
  await expect(siblings.nth(limit).locator('ul a').first()).toBeVisible();
});

test('client navigation between pages keeps the whole list', async ({ page }) => {
  const next = lastTag.calls[1];
  expect(next).toBeDefined();
  await gotoHydrated(page, route);
  const { siblings } = listOfTag(page);
  const total = await siblings.count();
  await page.locator(`nav[aria-label="Docs sidebar"] a[href$="/docs/data-api/${next.slug}"]`).click();
  await expect(page.locator('h1')).toHaveText(next.summary);
  await expect(siblings).toHaveCount(total);
  await expect(page.locator('[data-sidebar-more]')).toHaveCount(0);
});

test('on a phone the mobile menu shows the whole list', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, route);
  const navbar = new Navbar(page);
  await navbar.toggle.click();
  const menu = navbar.mobileMenu;
  await expect(menu.locator(`a[href$="/docs/data-api/${call.slug}"]`)).toBeVisible();
  await expect(menu.locator('[data-sidebar-more]')).toHaveCount(0);
  // Every tag's category (and the API's other ones, such as its unused schemas).
  const categories = await menu.locator('.theme-doc-sidebar-item-category-level-2').count();
  expect(categories).toBeGreaterThanOrEqual(model.groups.length);
});
