import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { runNode } from '../../src/build/node/runNode';
import { useVendoredMocks } from '../../tests/fixtures/mocks';
import { apiByKey } from '../../config/apis';
import { startMock } from './mockServer';
import { freePort } from '../lib/process';
import { resolveRef, type JsonObject } from '../../src/core/openapi/document';
import { readVendoredDocument } from '../../tests/fixtures/vendored';
import { withRunMarker } from '../lib/runMarker.mjs';

/** The mock answers from the documents' examples and rejects what the documents forbid. */
const data = readVendoredDocument('data');
const example = (name: string) => resolveRef<JsonObject>(data, { $ref: `#/components/examples/${name}` }).value ?? null;
const auth = { Authorization: 'Bearer test-key' };

const mocks = useVendoredMocks();

describe('the Data API mock', () => {
  test('answers a valid request with the example of the document', async () => {
    const response = await fetch(`${mocks.data.url}/games?limit=2`, { headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(example('GamesList'));
  });

  test('rejects a limit over its maximum with the validation error', async () => {
    const response = await fetch(`${mocks.data.url}/games?limit=500`, { headers: auth });
    expect(response.status).toBe(400);
    expect(response.headers.get('sl-violations')).toContain('limit must be <= 100');
  });

  test('rejects a call without a required parameter', async () => {
    const response = await fetch(`${mocks.data.url}/championships`, { headers: auth });
    expect(response.status).toBe(400);
    expect(response.headers.get('sl-violations')).toContain('game');
  });

  test('rejects a call without the API key', async () => {
    expect((await fetch(`${mocks.data.url}/games`)).status).toBe(401);
  });

  test('answers only requests addressed to this machine: a rebound Host gets 403 and reaches nothing', async () => {
    const port = Number(new URL(mocks.data.url).port);
    const before = mocks.data.received.length;
    const answer = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = httpRequest(
          { host: '127.0.0.1', port, path: '/games?limit=2', headers: { ...auth, Host: host } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        sent.on('error', reject);
        sent.end();
      });
    expect(await answer(`evil.example:${port}`)).toBe(403);
    expect(await answer(`127.0.0.1:${port + 1}`)).toBe(403);
    expect(mocks.data.received.length).toBe(before);
    expect(await answer(`localhost:${port}`)).toBe(200);
  });

  test('a body over its cap is refused with 413, not held', async () => {
    const response = await fetch(`${mocks.data.url}/games`, {
      method: 'POST',
      headers: auth,
      body: new Uint8Array(17 * 1024 * 1024),
    }).catch((error: unknown) => error);
    // The mock answers 413 and closes; a client still sending may see the connection end instead.
    if (response instanceof Response) expect(response.status).toBe(413);
    else expect(String((response as Error).cause ?? response)).toMatch(/ECONNRESET|EPIPE|closed|terminated/i);
  });
});

describe("the Chat API mock's OAuth2 server", () => {
  test('the gate takes only a token its OAuth2 server issued, at the paths of the document', async () => {
    const mock = await startMock('chat', await freePort(), { document: apiByKey('chat').vendored });
    try {
      const post = (token: string) =>
        fetch(`${mock.url}/rooms/hub-1/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ body: 'GG' }),
        });
      const madeUp = await post('made-up-token');
      expect(madeUp.status).toBe(401);
      expect(madeUp.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect((await post(await mock.oauth!.issueToken())).status).toBe(200);
      // The server's metadata names the document's own endpoints, on the mock's origin.
      const metadata = (await (await fetch(`${mock.url}/oauth/.well-known/openid-configuration`)).json()) as {
        authorization_endpoint: string;
        token_endpoint: string;
      };
      expect(metadata.authorization_endpoint).toBe(`${mock.url}/oauth/authorize`);
      expect(metadata.token_endpoint).toBe(`${mock.url}/oauth/token`);
    } finally {
      await mock.stop();
    }
  });
});

describe('the Chat API mock', () => {
  test('accepts a message within the length limit, as JSON or as a form', async () => {
    for (const [type, body] of [
      ['application/json', JSON.stringify({ body: 'GG' })],
      ['application/x-www-form-urlencoded', 'body=GG'],
    ] as const) {
      const response = await fetch(`${mocks.chat.url}/rooms/hub-1/messages`, {
        method: 'POST',
        headers: { ...auth, 'content-type': type },
        body,
      });
      expect(response.status, type).toBe(200);
      expect(await response.json()).toHaveProperty('id');
    }
  });

  test('rejects a message over the length limit and a page over its size', async () => {
    const tooLong = await fetch(`${mocks.chat.url}/rooms/hub-1/messages`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'x'.repeat(10_001) }),
    });
    expect(tooLong.status).toBeGreaterThanOrEqual(400);
    expect(tooLong.headers.get('sl-violations')).toContain('10000');
    const tooMany = await fetch(`${mocks.chat.url}/rooms/hub-1/messages?limit=51`, { headers: auth });
    expect(tooMany.status).toBeGreaterThanOrEqual(400);
    expect(tooMany.headers.get('sl-violations')).toContain('limit');
  });
});

describe('npm run mock', () => {
  test('on a busy port exits 1 with one line naming the port and the variable to change', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const { code, output } = await runNode(['node_modules/tsx/dist/cli.mjs', 'tools/mock/main.ts'], {
        env: withRunMarker({ PATH: process.env.PATH ?? '', MOCK_DATA_PORT: String(port) }),
      });
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        `[mock] port ${port} (Data API) is in use: stop what listens there or set MOCK_DATA_PORT to a free port.`,
      );
    } finally {
      busy.close();
    }
  }, 30_000);
});
