import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Polls a URL until a server answers it (any HTTP status below 500), failing early if the server's process has
 * exited, so callers never race a server's start.
 */
export async function waitUntilAnswering(
  url: string,
  options: { name: string; timeoutMs?: number; child?: ChildProcess },
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let lastError: unknown;
  for (;;) {
    if (options.child && options.child.exitCode !== null) {
      throw new Error(`${options.name} exited with code ${options.child.exitCode} before answering at ${url}`);
    }
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
      lastError = new Error(`status ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`${options.name} did not answer at ${url}: ${String(lastError)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
