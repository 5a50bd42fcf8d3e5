import { chromiumPath, testChromiumPath } from './browserPaths.mjs';

/**
 * `chromiumPath`: Debian's Chromium, the browser a reader runs: the bench (Lighthouse, page weights) and the tools
 * launch it. Playwright's own browser download is not possible on these machines.
 *
 * `testChromiumPath`: Debian's `chromium-headless-shell`, the tests' browser: the same Chromium (same version, same
 * Blink and V8) without the browser's own interface, which is what Playwright itself runs headless tests in with the
 * browsers it downloads (since 1.49, microsoft/playwright#33566). The full browser, headless, still runs its
 * interface for every window: 24 visits, each in a new context as every test's page is, cost the script that made
 * them and its Chromium 10.3 CPU-s, 5.5 with the shell (this machine, the same flags, twice each), and the browser
 * tier is CPU-bound on two cores. What only the full browser does (it asks for a page's `/favicon.ico` for its tab)
 * is tested in the full browser.
 */
export { chromiumPath, testChromiumPath };

/**
 * The browser-interface pages Chromium preloads into a renderer process of their own for each window it opens: the
 * address bar's suggestion popups, which since Chromium 156 are web pages (`chrome://omnibox-popup.top-chrome/` and
 * its AI-mode twin). Headless, each page opened is a window no one types into, yet each one paid for them: a page
 * visit (new context, a call page loaded and hydrated) cost Chromium 1.73 CPU-s with Playwright's flags, 0.85–1.00
 * with these two features disabled as well (24 visits each, this machine). Chromium ignores a feature name it does
 * not know; `chromium.integration.test.ts` fails if they are preloaded again.
 */
export const preloadedBrowserPages = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features Playwright disables by default (playwright-core's `chromiumSwitches`, 1.64). Chromium honours only the
 * last `--disable-features` on its command line, and a launch's own arguments come after Playwright's: the flag below
 * must name these too, or they are enabled again (among them `AvoidCorsURLLoaderRestartOnRedirect`, which Playwright
 * turns off so that intercepted requests survive cross-origin redirects). `chromium.integration.test.ts` reads what
 * a Chromium launched by Playwright actually disables, and fails when this list falls behind.
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** One `--disable-features` naming every feature given, each once: the only one Chromium will read. */
export function disableFeatures(...lists: readonly (readonly string[])[]): string {
  return `--disable-features=${[...new Set(lists.flat())].join(',')}`;
}

/**
 * A launcher's own flags with ours after them, its `--disable-features` merged into ours (chrome-launcher, which
 * Lighthouse uses, puts its defaults before the caller's flags as Playwright does, with a list of its own).
 */
export function chromiumArgsAfter(launcherFlags: readonly string[]): string[] {
  const theirs = launcherFlags
    .filter((flag) => flag.startsWith('--disable-features='))
    .flatMap((flag) => flag.slice('--disable-features='.length).split(','));
  return [...baseArgs, disableFeatures(theirs, preloadedBrowserPages)];
}

/** Flags that keep Chromium off the network and quiet in a sandbox-less container. */
const baseArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The flags of every Chromium Playwright launches here (tests, bench, tools). */
export const chromiumArgs = [...baseArgs, disableFeatures(playwrightDisabledFeatures, preloadedBrowserPages)];

/** The bench's and the tools' Chromium. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: chromiumPath, args: chromiumArgs };
}

/** The tests' Chromium (Playwright's browser tier, the browser samples, the real documents' pages). */
export function testChromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: testChromiumPath, args: chromiumArgs };
}
