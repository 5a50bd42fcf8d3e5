import { existsSync } from 'node:fs';
import { startNginx } from '../../../tools/nginx/nginxServer';
import { generatedPaths, treeHash } from '../../../tools/lib/siteCopy';
import { freePort } from '../../../tools/lib/process';
import { serveBuild, type RunningServer } from '../../../tools/lib/staticServer';
import { buildVariant, served, variantDir, variants, type VariantName } from './variants';

/**
 * Serves the production build twice on free loopback ports, with `docusaurus serve` (E2E_BASE_URL) and with the
 * production nginx config (E2E_NGINX_URL), then builds and serves the variant builds, side by side. Workers start after this
 * runs, so they inherit the URLs through the environment. The returned function stops every server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const servers: RunningServer[] = [];
  const stopAll = () => Promise.all(servers.map((server) => server.stop()));
  try {
    await startAll(servers);
  } catch (error) {
    // Playwright runs no teardown for a setup that failed: what it started is stopped here.
    await stopAll();
    throw error;
  }
  return async () => {
    await stopAll();
  };
}

async function startAll(servers: RunningServer[]): Promise<void> {
  if (!process.env.E2E_BASE_URL) {
    if (!existsSync('build/index.html')) {
      throw new Error('No production build in build/: run `npm run build` first (npm test does).');
    }
    const server = await serveBuild('build');
    servers.push(server);
    process.env.E2E_BASE_URL = server.url;
  }
  if (!process.env.E2E_NGINX_URL) {
    const nginx = await startNginx({ root: 'build', port: await freePort() });
    servers.push(nginx);
    process.env.E2E_NGINX_URL = nginx.url;
  }
  // The variant builds run in copies of the site; this proves they leave the main build's files as they were.
  const mainFiles = ['build', ...generatedPaths];
  process.env.E2E_MAIN_HASH_BEFORE = treeHash(process.cwd(), mainFiles);
  // Side by side: a build leaves a core idle for much of its time (its single-threaded phases).
  const built = await Promise.allSettled(
    (Object.keys(variants) as VariantName[]).map(async (name) => {
      const started = Date.now();
      await buildVariant(name);
      for (const { variant, underBase, urlVariable } of Object.values(served)) {
        if (variant !== name) continue;
        const base = underBase ? (variants[name].env.BASE_URL ?? '/') : '/';
        const server = await serveBuild(variantDir(name), { BASE_URL: base });
        servers.push(server);
        process.env[urlVariable] = `${server.url}${base.replace(/\/$/, '')}`;
      }
      console.log(`[e2e] variant ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
  const failed = built.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  process.env.E2E_MAIN_HASH_AFTER = treeHash(process.cwd(), mainFiles);
}
