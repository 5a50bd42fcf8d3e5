import { existsSync } from 'node:fs';

/** Debian's Chromium; Playwright's own browser download is not possible on these machines. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium off the network and quiet in a sandbox-less container. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: chromiumPath, args: chromiumArgs };
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath);
}
