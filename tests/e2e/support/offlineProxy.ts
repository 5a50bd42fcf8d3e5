import { createServer, type Socket } from 'node:net';
import type { RunningServer } from '../../../tools/lib/staticServer';

/** The variable through which the browser tier's workers learn the offline proxy's address (globalSetup.ts). */
export const offlineProxyVariable = 'E2E_OFFLINE_PROXY';

/**
 * The proxy every test's browser context sends its non-loopback requests to (fixtures.ts): it closes each connection
 * as soon as it opens, so such a request fails at once, whatever host it named (a name or an IP literal). It stands
 * where each context intercepted every request to abort the foreign ones: interception stops each request in
 * the browser until the test's Node process has looked at it, which made 60 routes' loads take 10.1 s instead of 5.6–6.2
 * s here, and doubled that process's CPU. The context still records every foreign request from its events.
 */
export async function startOfflineProxy(): Promise<RunningServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the offline proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Playwright's proxy setting for a context: everything through the offline proxy but the loopback hosts the tests
 * serve from. `<-loopback>` removes Chromium's implicit bypass rules, which also send link-local addresses
 * (169.254.0.0/16, the cloud metadata service's among them) straight out; the loopback names are then listed again.
 */
export function offlineProxy(server: string): { server: string; bypass: string } {
  return { server, bypass: '<-loopback>,127.0.0.1,localhost,[::1]' };
}
