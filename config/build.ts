import path from 'node:path';

/** The Docusaurus command line, run with Node by every script and test that builds or serves the site. */
export const docusaurusBin = path.resolve('node_modules/@docusaurus/core/bin/docusaurus.mjs');

/**
 * The environment of a production build (`npm run build`, scripts/build.ts, and the benchmark's builds): settings
 * Docusaurus reads from the environment when it starts, before it loads the site's config. A variable already set by
 * the caller wins. Figures are single runs of the site scaled 8 times (1,450 pages), the build's RSS sampled every
 * 0.5 s on a 2-core machine:
 *
 * - The bundler's persistent cache (Rspack) is not written: a build from a clean clone (every CI build) never reads
 *   it, and writing it took the bundling phase's peak to 3.0 GB, against 2.3–2.75 GB without. `npm start` keeps it,
 *   for quick restarts.
 * - The static-site generator's worker threads are replaced once their heap passes 300 MB instead of Docusaurus's
 *   1 GB: with both settings the build's peak was 2.75 GB, against 3.89 GB (reached during that phase) without.
 */
export const buildEnvironment: Readonly<Record<string, string>> = {
  DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
  DOCUSAURUS_SSG_WORKER_THREAD_RECYCLER_MAX_MEMORY: String(300 * 1000 * 1000),
};

/** The environment a build runs with: `buildEnvironment` under whatever `env` already sets. */
export function withBuildEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...buildEnvironment, ...env };
}
