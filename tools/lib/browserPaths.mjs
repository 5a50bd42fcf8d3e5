import process from 'node:process';

/**
 * Where the two Chromiums are, once for the code that launches them (tools/lib/chromium.ts) and for `npm test`'s
 * package check (tests/harness/systemPackages.mjs), which runs in plain Node before any TypeScript loads. Debian's
 * packages install them here; each variable points elsewhere.
 */

/** Debian's `chromium`, the whole browser a reader runs: the bench, the tools and the one test that needs it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's `chromium-headless-shell`, the tests' browser. */
export const testChromiumPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
