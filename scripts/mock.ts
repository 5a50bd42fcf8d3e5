/**
 * `npm run mock`: Prism mock servers for both APIs on 127.0.0.1, from the documents the site was built from:
 * Data API on port 4010 (MOCK_DATA_PORT), Chat API on port 4011 (MOCK_CHAT_PORT). Requests that break a limit or
 * miss the Authorization header are rejected with Prism's validation error (the `sl-violations` header).
 */
import path from 'node:path';
import process from 'node:process';
import { mockDocument, mockPorts, startMock, type MockServer } from './lib/mockServer';

async function main(): Promise<void> {
  const ports = {
    data: Number(process.env.MOCK_DATA_PORT ?? mockPorts.data),
    chat: Number(process.env.MOCK_CHAT_PORT ?? mockPorts.chat),
  };
  const servers: MockServer[] = [];
  const stopAll = () => void Promise.all(servers.map((server) => server.stop())).then(() => process.exit(0));
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  for (const api of ['data', 'chat'] as const) {
    const server = await startMock(api, ports[api], { stdio: 'inherit' });
    servers.push(server);
    console.log(`[mock] ${api} API (${path.relative(process.cwd(), mockDocument(api))}) at ${server.url}`);
  }
  console.log('[mock] Ctrl+C to stop');
}

main().catch((error: unknown) => {
  console.error(`[mock] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
