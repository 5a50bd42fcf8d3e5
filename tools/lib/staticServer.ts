import { freePort, waitUntilAnswering } from './process';
import { spawnGroup } from './processGroup';
import { docusaurusBin } from '../../config/build';

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Serves a production build with `docusaurus serve` on 127.0.0.1, under the base URL the site's config gives for
 * `env` (the config reads `BASE_URL`). The process gets its own group so that stopping it also stops any child it
 * started.
 */
export async function serveBuild(buildDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const server = spawnGroup(
    process.execPath,
    [docusaurusBin, 'serve', '--dir', buildDir, '--host', '127.0.0.1', '--port', String(port), '--no-open'],
    { stdio: 'ignore', env: { ...process.env, ...env } },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(url, { name: 'docusaurus serve', child: server.child });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url, stop: () => server.stop() };
}
