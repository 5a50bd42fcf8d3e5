import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests use Debian's Chromium: no browser can be downloaded on these machines. In CI, running as root,
 * it is installed with apt-get; anywhere else the message says how.
 */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.env.CI && isRoot) {
    console.log("[test] Chromium is missing; installing Debian's chromium with apt-get");
    for (const args of [['update'], ['install', '-y', 'chromium']]) {
      const run = spawnSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
    }
    if (existsSync(chromiumPath)) return;
  }
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install Debian's package (sudo apt-get update && sudo apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH. The tests never download a browser.',
  );
}
