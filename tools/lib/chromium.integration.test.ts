import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from '@playwright/test';
import { expect, test } from 'vitest';
import { chromiumArgs, chromiumPath, preloadedBrowserPages } from './chromium';

/** A Chromium launched by Playwright with these flags, and what it runs beside one blank page. */
interface Launched {
  /** The browser's targets: its pages, and whatever Chromium opened for its own interface. */
  targets: string[];
  /** The features its renderers run with disabled, as the browser passed them on (`--disable-features`). */
  disabled: string[];
}

function commandLine(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Through a browser server, whose process id leads to its own profile folder, so that the renderers read are this
 * browser's and not those of a test running beside this one.
 */
async function launched(args: string[]): Promise<Launched> {
  const server: BrowserServer = await chromium.launchServer({ executablePath: chromiumPath, args });
  let browser: Browser | undefined;
  try {
    browser = await chromium.connect(server.wsEndpoint());
    const page = await browser.newPage();
    await page.goto('about:blank');
    const session = await browser.newBrowserCDPSession();
    // A popup preloaded a moment after the page would be missed by a single look.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { targetInfos } = await session.send('Target.getTargets');
    await session.detach();
    const profile = /--user-data-dir=(\S+)/.exec(commandLine(String(server.process().pid)))?.[1];
    expect(profile, "the browser's profile folder").toBeDefined();
    const renderer = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(commandLine)
      .find((line) => line.includes('--type=renderer') && line.includes(`--user-data-dir=${profile} `));
    expect(renderer, "a renderer of this browser's").toBeDefined();
    return {
      targets: targetInfos.map((target) => `${target.type} ${target.url}`).sort(),
      disabled: /--disable-features=(\S+)/.exec(renderer ?? '')?.[1]?.split(',') ?? [],
    };
  } finally {
    await browser?.close();
    await server.close();
  }
}

const withoutOurs = chromiumArgs.filter((arg) => !arg.startsWith('--disable-features='));

test("the tests' flags keep every feature Playwright disables disabled, and disable the address-bar popups", async () => {
  const playwrights = await launched(withoutOurs);
  const ours = await launched(chromiumArgs);
  // Chromium reads only the last --disable-features: had ours named the popups alone, Playwright's list would be gone.
  expect(playwrights.disabled).toContain('AvoidCorsURLLoaderRestartOnRedirect');
  expect(ours.disabled).toEqual(expect.arrayContaining([...playwrights.disabled, ...preloadedBrowserPages]));
});

// Chromium 156 lists `browser_ui chrome://omnibox-popup.top-chrome/` and its `omnibox_popup_aim.html` beside a page
// launched without the flag. Only those are looked for: another Chromium's other interface pages cost time, not
// correctness.
test("a page opened with the tests' flags has no address-bar popup preloaded beside it", async () => {
  const { targets } = await launched(chromiumArgs);
  expect(targets).toContain('page about:blank');
  expect(targets.filter((target) => target.includes('omnibox-popup'))).toEqual([]);
});
