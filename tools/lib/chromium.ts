import { existsSync } from 'node:fs';

/** Debian's Chromium; Playwright's own browser download is not possible on these machines. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser-interface pages Chromium preloads into a renderer process of their own for each window it opens: the
 * address bar's suggestion popups, which since Chromium 156 are web pages (`chrome://omnibox-popup.top-chrome/` and
 * its AI-mode twin). Headless, each test's page is a window no one types into, yet each one paid for them: a page
 * visit (new context, a call page loaded and hydrated) took 1.54 CPU-s, half of it in those renderers and in the
 * browser process serving them, and 0.71 CPU-s without (24 visits, measured on this machine). Chromium ignores a
 * feature name it does not know; `chromium.integration.test.ts` fails if they are preloaded again.
 */
export const preloadedBrowserPages = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags that keep Chromium off the network and quiet in a sandbox-less container. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Added to Playwright's own list of disabled features (Chromium merges repeated --disable-features).
  `--disable-features=${preloadedBrowserPages.join(',')}`,
];

export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: chromiumPath, args: chromiumArgs };
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath);
}
