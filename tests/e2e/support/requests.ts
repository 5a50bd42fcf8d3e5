import type { Page, Route } from '@playwright/test';

/** Holds every matching request until `release` is called; `fail` aborts the held ones and any later ones. */
export async function holdRequests(page: Page, pattern: string | RegExp) {
  let releaseAll: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (releaseAll = resolve));
  let failing = false;
  const handler = async (route: Route) => {
    await released;
    if (failing) await route.abort();
    else await route.continue();
  };
  await page.route(pattern, handler);
  return {
    release: () => releaseAll(),
    fail: () => {
      failing = true;
      releaseAll();
    },
    stop: () => page.unroute(pattern, handler),
  };
}
