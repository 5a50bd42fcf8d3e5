import path from 'node:path';
import type { FasterConfig } from '@docusaurus/types';

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
 * The bundle steps' and the render step's V8 heap grows by at most 30% of what survived the last full collection before
 * the next one, where V8 would otherwise let it grow by up to 4 times on a machine with memory to spare. At 16 times
 * the Data API the step's peak, the build's, was 2.77–3.04 GB over four runs with the JavaScript heap reaching
 * 0.82–1.25 GB, most of it garbage (MDX compilation's); with this flag, 2.22–2.60 GB over ten, the heap at 0.34–0.78
 * GB, for 7–10% more of the step's CPU. It only makes collection more frequent: unlike `--max-old-space-size` it sets
 * no ceiling, so a larger API costs more time, never a crash. A V8 flag, not allowed in NODE_OPTIONS: it is given to
 * `node` itself, and a test checks that this Node still takes it.
 *
 * The render step has it too. V8's flags are the process's, so the static-site generator's worker threads collect
 * their garbage before the recycler (`DOCUSAURUS_SSG_WORKER_THREAD_RECYCLER_MAX_MEMORY`, above) reads it as growth:
 * at Microsoft Graph's 14,689 routes a worker passed 300 MB after one or two tasks of ten pages and was replaced
 * (409 new workers in 1,112 tasks, a new worker's first task 3.4 s against 0.9 s), and the step's RSS grew from 1.3
 * to 3.9 GB; with the flag, 48 new workers in 1,469 tasks, rendering 1,559 s → 1,141 s, the step at 2.6 GB (one
 * run each, 2026-11-28).
 */
export const heapGrowth = '--heap-growing-percent=30';

/** Docusaurus's variable for a build that renders with the bundles an earlier process made (the render step). */
export const skipBundlingVariable = 'DOCUSAURUS_SKIP_BUNDLING';

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
  { name: 'bundle', env: { DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true' }, nodeArgs: [heapGrowth] },
  { name: 'render', env: { [skipBundlingVariable]: 'true' }, nodeArgs: [heapGrowth] },
] as const;

/**
 * Past this many routes the bundle step bundles for the browser only, and the server's bundle is made after it by a
 * step of its own (`serverBundleStep`), each in its own process: Rspack's memory is that of the compilations a process
 * ran, and the two together were the build's peak. Autotask's 3,025 calls (3,976 pages beside the site's): the bundle
 * step with both compilations peaked at 3.71 GB (bundling alone) and at 3.86 GB in a whole build; apart, the bundle
 * step 2.61 GB, the server step 1.72 GB and the render step 1.77 GB (`npm run bench -- --big`). Below it the second
 * process would only cost time (loading the site again, some 6 s for today's site, and the two compilations one after
 * the other). `SERVER_BUNDLE_APART_FROM_ROUTES` sets another threshold for one build (a whole number above 0; the
 * third-API integration test sets 1 so that the split path is built every run).
 */
export const serverBundleApartFromRoutes = 2000;
export const serverBundleApartFromRoutesVariable = 'SERVER_BUNDLE_APART_FROM_ROUTES';

/**
 * Names the file through which the bundle step asks for the server step: it writes the site's output folder there
 * when it left the server's compilation out, and the server step writes the server's bundle into that folder.
 */
export const serverBundleFileVariable = 'SERVER_BUNDLE_APART_FILE';

/** Which compilation a bundling process keeps: `server` in the server step; unset, both (or the browser's alone). */
export const bundleSideVariable = 'BUNDLE_SIDE';

/**
 * The server step: only when the bundle step asked for it, given the build's arguments with another output folder
 * (Docusaurus empties the output folder before it bundles, which would remove the browser's bundles); its server
 * bundle is written to the site's output folder all the same (src/build/bundle-apart).
 */
export const serverBundleStep = {
  name: 'server-bundle',
  env: { DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', [bundleSideVariable]: 'server' },
  nodeArgs: [heapGrowth],
} as const;

export type BuildStep = (typeof buildSteps)[number] | typeof serverBundleStep;

/**
 * Docusaurus Faster's settings: all of them, except in the server step the MDX compiler's cache shared by the two
 * compilations (a page's MDX compiled once, by the browser's compilation, for both): there the server's compilation
 * waited for ever for the browser's, which does not run in that step.
 */
export function fasterOptions(env: Record<string, string | undefined>): FasterConfig {
  return {
    swcJsLoader: true,
    swcJsMinimizer: true,
    swcHtmlMinimizer: true,
    lightningCssMinimizer: true,
    mdxCrossCompilerCache: env[bundleSideVariable] !== 'server',
    rspackBundler: true,
    rspackPersistentCache: true,
    ssgWorkerThreads: true,
    gitEagerVcs: true,
  };
}

/**
 * The page cache (src/build/page-cache): the render step writes, beside the site's generated files, what each page's
 * HTML was made of, and the next build of the same output folder copies a page whose parts did not change instead of
 * rendering it again. `pageCacheVariable` names the folder for the render step (tools/build sets it); a build with
 * `noPageCacheVariable` set to `true` renders every page and removes the cache (its pages are no longer the output's).
 */
export const pageCacheRoot = '.docusaurus/page-cache';
export const pageCacheVariable = 'PAGE_CACHE_DIR';
export const noPageCacheVariable = 'NO_PAGE_CACHE';

/**
 * Names the folder in which a build's first step leaves what some plugins loaded (the docs plugin's content), for the
 * later steps to read rather than load again (src/build/carried). tools/build makes it for each build.
 */
export const carriedContentVariable = 'CARRIED_CONTENT_DIR';

/**
 * Names the file in which a build's first step leaves the API documents it resolved, for the later step to read
 * rather than fetch again: a remote document may change or fail between the two, and the pages must be rendered
 * from the document the bundles were made of (src/build/pipeline/resolved.ts).
 */
export const resolutionFileVariable = 'SPEC_RESOLUTION_FILE';

/**
 * A step's environment: the build's, the caller's `env` over it, the step's own, then the files the steps of one
 * build share (the resolution file, the server step's file).
 */
export function stepEnvironment(
  env: NodeJS.ProcessEnv,
  step: BuildStep,
  shared: Record<string, string>,
): NodeJS.ProcessEnv {
  // A caller's BUNDLE_SIDE would make the bundle step act as the server step: only a step sets it.
  const callers = { ...env };
  delete callers[bundleSideVariable];
  return { ...withBuildEnvironment(callers), ...step.env, ...shared };
}
