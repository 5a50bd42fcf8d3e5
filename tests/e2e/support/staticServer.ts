import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { waitUntilAnswering } from '../../../scripts/lib/process';
import { docusaurusBin } from '../../../config/build';

/** Asks the kernel for a free port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

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
  const child: ChildProcess = spawn(
    process.execPath,
    [docusaurusBin, 'serve', '--dir', buildDir, '--host', '127.0.0.1', '--port', String(port), '--no-open'],
    { detached: true, stdio: 'ignore', env: { ...process.env, ...env } },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, { name: 'docusaurus serve', child });
  return {
    url,
    stop: async () => {
      if (child.pid !== undefined && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
    },
  };
}
