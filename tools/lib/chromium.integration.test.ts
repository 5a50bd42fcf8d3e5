import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chromiumLaunchOptions } from './chromium';

/** The browser's own targets beside the test's page: its pages, and whatever Chromium opened for its interface. */
async function targetsBesideAPage(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    return targetInfos.map((target) => `${target.type} ${target.url}`).sort();
  } finally {
    await context.close();
  }
}

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions());
});

// Without the flag, Chromium 156 lists `browser_ui chrome://omnibox-popup.top-chrome/` and its `omnibox_popup_aim.html`
// beside the page. Only those are looked for: another Chromium's other interface pages would cost time, not fail.
test("a page opened with the tests' launch options has no address-bar popup preloaded beside it", async () => {
  const targets = await targetsBesideAPage(browser!);
  expect(targets).toContain('page about:blank');
  expect(targets.filter((target) => target.includes('omnibox-popup'))).toEqual([]);
});
