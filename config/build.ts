/**
 * The environment of a production build (`npm run build`, scripts/build.ts, and the benchmark's builds): settings
 * Docusaurus reads from the environment when it starts, before it loads the site's config. A variable already set by
 * the caller wins.
 *
 * - The bundler's persistent cache (Rspack) is not written: a build from a clean clone (every CI build) never reads
 *   it, and writing it raised the bundling phase's peak memory from 2.3 to 3.0 GB at 8 times today's documents
 *   (1,450 pages).
 *   `npm start` keeps it, for quick restarts.
 * - The static-site generator's worker threads are replaced once their heap passes 300 MB instead of Docusaurus's
 *   1 GB: at 16 times today's documents its two workers held up to 2 GB beside the bundler's memory.
 */
export const buildEnvironment: Readonly<Record<string, string>> = {
  DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
  DOCUSAURUS_SSG_WORKER_THREAD_RECYCLER_MAX_MEMORY: String(300 * 1000 * 1000),
};

/** The environment a build runs with: `buildEnvironment` under whatever `env` already sets. */
export function withBuildEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...buildEnvironment, ...env };
}
