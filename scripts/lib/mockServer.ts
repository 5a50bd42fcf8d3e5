import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { waitUntilAnswering } from './process';

import { apiByKey } from '../../config/apis';
import { generatedStaticDir } from '../../config/openapi';

/** An API's key in config/apis.ts: `data`. */
export type MockApi = string;

/** The document the site was last built from (remote or vendored), or the vendored one before any build. */
export function mockDocument(key: MockApi, root = process.cwd()): string {
  const api = apiByKey(key);
  const resolved = path.resolve(root, generatedStaticDir, 'openapi', `${api.id}.json`);
  return existsSync(resolved) ? resolved : path.join(root, api.vendored);
}

/** Whether a port on 127.0.0.1 can be listened on now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export interface MockServer {
  api: MockApi;
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts Prism's mock server for one API on 127.0.0.1, answering from the document's examples and rejecting
 * requests that break it. Prism's own binary is run with node in its own process group, so stopping it stops any
 * child it started (through `npx`, Prism's node child would keep listening).
 */
export async function startMock(
  api: MockApi,
  port: number,
  options: { stdio?: 'inherit' | 'ignore'; document?: string } = {},
): Promise<MockServer> {
  const bin = path.resolve('node_modules/@stoplight/prism-cli/dist/index.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, 'mock', options.document ?? mockDocument(api), '--host', '127.0.0.1', '--port', String(port)],
    { detached: true, stdio: options.stdio ?? 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, { name: `Prism (${api})`, child });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    api,
    url,
    stop: async () => {
      if (child.pid !== undefined && child.exitCode === null) {
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
    },
  };
}
