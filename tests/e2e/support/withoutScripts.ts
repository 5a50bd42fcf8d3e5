import type { Page } from '@playwright/test';

/**
 * Loads `route` as its server sent it, without any of its scripts, inline ones included (the theme's own sets
 * `data-theme` as the page loads, and hydration changes the markup): what a reader without JavaScript gets. Scripts
 * stay enabled in the browser, so a test can still run axe or read the page; a context with JavaScript off never
 * runs the timers axe needs.
 */
export async function gotoWithoutScripts(page: Page, route: string): Promise<void> {
  const pathname = new URL(route, 'http://x').pathname;
  await page.route(
    (url) => url.pathname === pathname,
    async (request) => {
      const response = await request.fetch();
      const html = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
      await request.fulfill({ response, body: html });
    },
  );
  await page.route(/\.js$/, (request) => request.abort());
  await page.goto(route);
}
