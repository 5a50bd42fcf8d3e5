import { existsSync } from 'node:fs';
import { startNginx } from '../../../tools/nginx/nginxServer';
import { treeHash } from '../../../tools/lib/siteCopy';
import { freePort } from '../../../tools/lib/process';
import { serveBuild, type RunningServer } from '../../../tools/lib/staticServer';
import { offlineProxyVariable, startOfflineProxy } from './offlineProxy';
import { buildVariant, mainFiles, prebuiltVariant, served, variantDir, variants, type VariantName } from './variants';

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
  const proxy = await startOfflineProxy();
  servers.push(proxy);
  process.env[offlineProxyVariable] = proxy.url;
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
  // The variant builds run in copies of the site; this proves they leave the main build's files as they were. npm
  // test builds them beside its integration tier (tests/run.mjs, prebuildVariants.ts), each recording those hashes
  // around its build; they are served as they are when built in this same run from the tree as it is now, and built
  // here otherwise (`npm run test:e2e` alone, a file changed since): 40 to 60 s of this setup, every test waiting.
  const names = Object.keys(variants) as VariantName[];
  const prebuilt = names.map((name) => prebuiltVariant(name));
  const reuse = prebuilt.every((marker) => marker !== undefined);
  process.env.E2E_MAIN_HASH_BEFORE = reuse ? prebuilt[0]?.mainBefore : treeHash(process.cwd(), mainFiles);
  // Side by side: a build leaves a core idle for much of its time (its single-threaded phases).
  const built = await Promise.allSettled(
    names.map(async (name) => {
      const started = Date.now();
      if (!reuse) await buildVariant(name);
      for (const { variant, underBase, urlVariable } of Object.values(served)) {
        if (variant !== name) continue;
        const base = underBase ? (variants[name].env.BASE_URL ?? '/') : '/';
        const server = await serveBuild(variantDir(name), { BASE_URL: base });
        servers.push(server);
        process.env[urlVariable] = `${server.url}${base.replace(/\/$/, '')}`;
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        reuse
          ? `[e2e] variant ${name} built earlier in this run from this tree, served in ${seconds} s`
          : `[e2e] variant ${name} built in ${seconds} s`,
      );
    }),
  );
  const failed = built.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  if (reuse) {
    // Every variant's build must have left the main build's files as its first found them.
    const changed = prebuilt.find((marker) => marker?.mainAfter !== marker?.mainBefore);
    process.env.E2E_MAIN_HASH_AFTER = changed?.mainAfter ?? prebuilt[0]?.mainAfter;
  } else process.env.E2E_MAIN_HASH_AFTER = treeHash(process.cwd(), mainFiles);
}
