import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures';
import { AnnouncementBar, DocsSidebar, Navbar } from './support/pages';
import { guideRoute } from './support/routes';
import { storageNamespace, storageValue } from './support/storage';

/** Spec §2: the navbar at every width, the skip link and the announcement bar, in the production build. */

test.describe('the navbar', () => {
  test('is fixed at the top, hides on scroll down and returns on scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 360 });
    await gotoHydrated(page, '/docs/webhooks');
    const navbar = new Navbar(page).root;
    await expect(navbar).toHaveCSS('position', 'sticky');
    await page.mouse.move(640, 200);
    // Two steps: the navbar hides when a scroll continues downwards from an earlier position below it.
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.mouse.wheel(0, 300);
    await expect(navbar).toHaveClass(/navbarHidden/);
    await page.mouse.wheel(0, -200);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });

  test('sections collapse and expand in the mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await gotoHydrated(page, '/getting-started/intro/start-here');
    const navbar = new Navbar(page);
    await navbar.toggle.click();
    const sidebar = navbar.mobileMenu;
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
    const navbar = new Navbar(page);
    await expect(navbar.toggle).toBeVisible();
    await expect(new DocsSidebar(page).root).toBeHidden();
    await navbar.toggle.click();
    await expect(navbar.mobileMenu.getByRole('link', { name: 'Webhooks' })).toBeVisible();
  });

  test('at 997 px the desktop sidebar shows', async ({ page }) => {
    await page.setViewportSize({ width: 997, height: 800 });
    await gotoHydrated(page, '/docs/webhooks');
    await expect(new Navbar(page).toggle).toBeHidden();
    await expect(new DocsSidebar(page).root).toBeVisible();
  });
});

test('the first Tab focuses the skip link and Enter moves focus to the main content', async ({ page }) => {
  await gotoHydrated(page, guideRoute);
  await page.keyboard.press('Tab');
  await expect(new Navbar(page).skipLink).toBeFocused();
  await page.keyboard.press('Enter');
  // Focus lands on <main>; the next Tab therefore reaches the first control inside it, not the navbar.
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => ({
    insideMain: Boolean(document.activeElement?.closest('main')),
    inNavbar: Boolean(document.activeElement?.closest('nav.navbar')),
  }));
  expect(next).toEqual({ insideMain: true, inNavbar: false });
});

test.describe('the announcement bar', () => {
  const bar = (page: Page) => new AnnouncementBar(page, 'Chat API v1').root;

  test('stays dismissed across reloads', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(bar(page)).toBeVisible();
    await new AnnouncementBar(page, 'Chat API v1').close();
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
