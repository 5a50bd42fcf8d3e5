import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from '@playwright/test';
import { expect, test } from 'vitest';
import { chromiumArgs, chromiumPath, preloadedBrowserPages, testChromiumPath } from './chromium';

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

/** Every process below this one (Chromium's renderers are its browser's children or its zygote's). */
function descendants(root: number): string[] {
  const parents = new Map<string, string>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // The parent is the second field after the command's name, which is in parentheses and may hold any character:
      // read from after its last closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const found = [String(root)];
  for (let index = 0; index < found.length; index += 1) {
    for (const [pid, parent] of parents) if (parent === found[index]) found.push(pid);
  }
  return found.slice(1);
}

/**
 * Through a browser server, whose process leads to its own renderers, so that the renderers read are this browser's
 * and not those of a test running beside this one.
 */
async function launched(args: string[], executablePath = chromiumPath): Promise<Launched> {
  const server: BrowserServer = await chromium.launchServer({ executablePath, args });
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
    const browserPid = server.process().pid;
    expect(browserPid, "the browser's process").toBeDefined();
    const renderer = descendants(browserPid ?? -1)
      .map(commandLine)
      .find((line) => line.includes('--type=renderer'));
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

// Both browsers: the tests' headless shell and the bench's and tools' Chromium take the same flags.
test.each([
  ['the headless shell the tests run in', testChromiumPath],
  ['the Chromium of the bench and the tools', chromiumPath],
])(
  'our flags keep every feature Playwright disables disabled, and disable the address-bar popups: %s',
  async (_, executable) => {
    const playwrights = await launched(withoutOurs, executable);
    const ours = await launched(chromiumArgs, executable);
    // Chromium reads only the last --disable-features: had ours named the popups alone, Playwright's list would be gone.
    expect(playwrights.disabled).toContain('AvoidCorsURLLoaderRestartOnRedirect');
    expect(ours.disabled).toEqual(expect.arrayContaining([...playwrights.disabled, ...preloadedBrowserPages]));
  },
);

// Chromium 156 lists `browser_ui chrome://omnibox-popup.top-chrome/` and its `omnibox_popup_aim.html` beside a page
// launched without the flag (the headless shell has no address bar). Only those are looked for: another Chromium's
// other interface pages cost time, not correctness.
test("a page of the bench's Chromium opened with our flags has no address-bar popup preloaded beside it", async () => {
  const { targets } = await launched(chromiumArgs);
  expect(targets).toContain('page about:blank');
  expect(targets.filter((target) => target.includes('omnibox-popup'))).toEqual([]);
});
