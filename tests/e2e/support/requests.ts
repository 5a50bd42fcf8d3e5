import type { Page, Route } from '@playwright/test';

/**
 * Holds every matching request until `release` is called; `fail` aborts the held ones and any later ones.
 * `arrived` settles when the first matching request is held, so a test can act on it rather than on a timer.
 */
export async function holdRequests(page: Page, pattern: string | RegExp) {
  let releaseAll: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (releaseAll = resolve));
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let failing = false;
  const handler = async (route: Route) => {
    arrive();
    await released;
    if (failing) await route.abort();
    else await route.continue();
  };
  await page.route(pattern, handler);
  return {
    arrived,
    release: () => releaseAll(),
    fail: () => {
      failing = true;
      releaseAll();
    },
    stop: () => page.unroute(pattern, handler),
  };
}
