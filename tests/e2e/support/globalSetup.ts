import { existsSync } from 'node:fs';
import { serveBuild } from './staticServer';

/**
 * Starts the production build on a free loopback port unless E2E_BASE_URL names a server already (the nginx suite
 * sets it). Workers start after this runs, so they inherit the URL through the environment.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  if (!existsSync('build/index.html')) {
    throw new Error('No production build in build/: run `npm run build` first (npm test does).');
  }
  const server = await serveBuild('build');
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
