import type { Locator } from '@playwright/test';
import { referenceModel } from '../../src/core/openapi/singlePage';
import { expect, gotoHydrated, test } from './support/fixtures';
import { Navbar } from './support/pages';
import { builtDocument } from './support/openapi';

/**
 * The sidebar opens at the reader's page, not at its top: with a large API's hundreds of tags the page's own link was
 * far below what showed (src/core/sidebar/activeLink.ts). Checked at a height that puts the link below the fold.
 */

const model = referenceModel(builtDocument('data-v4'), {
  api: 'data-v4',
  samples: { credentialVariable: 'X', baseUrlVariable: 'Y', fallbackServer: 'http://127.0.0.1:1', trustedOrigins: [] },
});
// The last call of the last tag: the end of the API's list.
const lastTag = model.groups[model.groups.length - 1];
const call = lastTag.calls[lastTag.calls.length - 1];
const route = `/docs/data-api/${call.slug}`;
const firstRoute = `/docs/data-api/${model.groups[0].calls[0].slug}`;

/** Where the page's link sits in the list that scrolls it, and whether it shows whole within the list's box. */
function placeOf(menu: Locator) {
  return menu.locator('.theme-doc-sidebar-menu a.menu__link[aria-current="page"]').evaluate((link) => {
    let list = link.parentElement;
    while (list && !['auto', 'scroll'].includes(getComputedStyle(list).overflowY)) list = list.parentElement;
    if (!list) throw new Error('no scrolling list around the link');
    const box = list.getBoundingClientRect();
    const at = link.getBoundingClientRect();
    return {
      offset: at.top - box.top + list.scrollTop,
      height: list.clientHeight,
      shows: at.top >= box.top && at.bottom <= box.bottom,
      pageScroll: window.scrollY,
    };
  });
}

test('the desktop sidebar shows the page’s link, the page itself unscrolled', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await gotoHydrated(page, route);
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveText(call.summary);
  await expect.poll(async () => (await placeOf(sidebar)).shows).toBe(true);
  const place = await placeOf(sidebar);
  // Below the fold of its list: at the list's top it would not have shown.
  expect(place.offset).toBeGreaterThan(place.height);
  expect(place.pageScroll).toBe(0);
});

test('the phone’s menu opens at the page’s link', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await gotoHydrated(page, route);
  const navbar = new Navbar(page);
  await navbar.toggle.click();
  const menu = navbar.mobileMenu;
  await expect(menu.locator('.theme-doc-sidebar-menu a[aria-current="page"]')).toHaveText(call.summary);
  await expect.poll(async () => (await placeOf(menu)).shows).toBe(true);
  const place = await placeOf(menu);
  expect(place.offset).toBeGreaterThan(place.height);
});

test('after a move within the site to a page of a collapsed category, the sidebar shows that page’s link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await gotoHydrated(page, firstRoute);
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  await expect(sidebar.getByRole('link', { name: call.summary, exact: true })).toHaveCount(0);
  // A move as the router makes it (the back and forward buttons take this path): no page load.
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveText(call.summary);
  await expect.poll(async () => (await placeOf(sidebar)).shows).toBe(true);
  expect((await placeOf(sidebar)).offset).toBeGreaterThan((await placeOf(sidebar)).height);
});
