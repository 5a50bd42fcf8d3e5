import path from 'node:path';

/** The Docusaurus command line, run with Node by every script and test that builds or serves the site. */
export const docusaurusBin = path.resolve('node_modules/@docusaurus/core/bin/docusaurus.mjs');

/**
 * The environment of a production build (`npm run build`, tools/build/main.ts, and the benchmark's builds): settings
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

/**
 * The bundle step's V8 heap grows by at most 30% of what survived the last full collection before the next one,
 * where V8 would otherwise let it grow by up to 4 times on a machine with memory to spare. At 16 times the Data API
 * the step's peak, the build's, was 2.77–3.04 GB over four runs with the JavaScript heap reaching 0.82–1.25 GB, most
 * of it garbage (MDX compilation's); with this flag, 2.22–2.60 GB over ten, the heap at 0.34–0.78 GB, for 7–10%
 * more of the step's CPU. It only makes collection more frequent: unlike `--max-old-space-size` it sets no ceiling,
 * so a larger API costs more time, never a crash. A V8 flag, not allowed in NODE_OPTIONS: it is given to `node`
 * itself, and a test checks that this Node still takes it.
 */
export const bundleHeapGrowth = '--heap-growing-percent=30';

/**
 * A production build runs `docusaurus build` twice, each step in a process of its own: the first bundles and exits,
 * the second loads the site again and renders the pages from the first one's bundles (SSG, then postBuild). Rspack
 * keeps the memory of a finished compilation for as long as its process lives (web-infra-dev/rspack#14734: the
 * compiler stays reachable through the binding's global handles, `compiler.close()` notwithstanding): at 16 times
 * the Data API, 2.4 GB stayed resident through SSG and postBuild, which then peaked at 4.6 GB. The variables are
 * Docusaurus's own (`commands/build/buildLocale.js`); a test checks this Docusaurus still reads them. `nodeArgs` go
 * to `node` before the Docusaurus command line.
 */
export const buildSteps = [
  { name: 'bundle', env: { DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true' }, nodeArgs: [bundleHeapGrowth] },
  { name: 'render', env: { DOCUSAURUS_SKIP_BUNDLING: 'true' }, nodeArgs: [] },
] as const;

export type BuildStep = (typeof buildSteps)[number];

/**
 * Names the file in which a build's first step leaves the API documents it resolved, for the later step to read
 * rather than fetch again: a remote document may change or fail between the two, and the pages must be rendered
 * from the document the bundles were made of (src/build/pipeline/resolved.ts).
 */
export const resolutionFileVariable = 'SPEC_RESOLUTION_FILE';

/** Each step with its environment: the build's, the caller's `env` over it, the step's own, the resolution file. */
export function buildStepEnvironments(
  env: NodeJS.ProcessEnv,
  resolutionFile: string,
): { step: BuildStep; env: NodeJS.ProcessEnv }[] {
  return buildSteps.map((step) => ({
    step,
    env: { ...withBuildEnvironment(env), ...step.env, [resolutionFileVariable]: resolutionFile },
  }));
}
