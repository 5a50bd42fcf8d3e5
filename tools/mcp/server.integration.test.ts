import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { readVendoredDocument } from '../../tests/fixtures/vendored';
import { hostileSample, providerSamples } from '../../tests/fixtures/codeSamplesDocument';
import type { JsonObject } from '../../src/core/openapi/document';
import { credentialForms, maxResponseBytes } from './callGate';
import { createPortalServer, type McpApi } from './server';
import { urlSource, type PortalSource } from './source';

/**
 * `call_operation` as an attacker or a careless assistant would drive it, against servers on loopback that answer
 * as a hostile API or portal would: an endless answer, a redirect elsewhere, an echo of the credential. Each case
 * also proves what reached the server: nothing, where the call is refused.
 */

interface Received {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

type Mode = 'echo' | 'endless' | 'redirect';

/** A loopback server that records what it receives and answers as `mode` says. */
function apiServer() {
  const received: Received[] = [];
  let mode: Mode = 'echo';
  let redirectTo = '';
  let closed = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      if (mode === 'redirect') {
        response.writeHead(302, { Location: redirectTo }).end();
      } else if (mode === 'endless') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.on('close', () => (closed += 1));
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const write = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once('drain', write);
        };
        write();
      } else {
        const authorization = request.headers.authorization ?? '';
        const token = authorization.replace(/^Bearer /, '');
        response.writeHead(200, { 'Content-Type': 'application/json' });
        // Everything a careless API echoes: the header, the URL, and the credential encoded two ways.
        response.end(
          JSON.stringify({
            authorization,
            url: request.url,
            encoded: encodeURIComponent(token),
            base64: Buffer.from(token).toString('base64'),
          }),
        );
      }
    });
  });
  return {
    server,
    received,
    set mode(value: Mode) {
      mode = value;
    },
    set redirect(value: string) {
      redirectTo = value;
    },
    get closed() {
      return closed;
    },
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const api = apiServer();
const elsewhere = apiServer();
let origin = '';
let elsewhereOrigin = '';

beforeAll(async () => {
  origin = await listen(api.server);
  elsewhereOrigin = await listen(elsewhere.server);
});
afterAll(async () => {
  for (const { server } of [api, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
afterEach(() => {
  api.received.length = 0;
  elsewhere.received.length = 0;
  api.mode = 'echo';
});

function apis(): McpApi[] {
  return [
    {
      key: 'data',
      id: 'data-v4',
      title: 'Data API',
      credentialVariable: 'ARENA_API_KEY',
      baseUrlVariable: 'ARENA_DATA_API_URL',
    },
    {
      key: 'chat',
      id: 'chat-v1',
      title: 'Chat API',
      credentialVariable: 'ARENA_ACCESS_TOKEN',
      baseUrlVariable: 'ARENA_CHAT_API_URL',
    },
  ].map((each) => ({ ...each, linkBase: `/docs/${each.key}-api`, trustedOrigins: [origin], mockUrl: origin }));
}

function memorySource(documents: Record<string, JsonObject>): PortalSource {
  const text = (sitePath: string) => {
    const found = documents[sitePath];
    return found ? Promise.resolve(JSON.stringify(found)) : Promise.reject(new Error(`no ${sitePath}`));
  };
  return {
    siteUrl: 'https://portal.example',
    text,
    bytes: async (sitePath) => new TextEncoder().encode(await text(sitePath)),
  };
}

const vendored = {
  '/openapi/data-v4.json': readVendoredDocument('data'),
  '/openapi/chat-v1.json': readVendoredDocument('chat'),
};

/** A client of a portal server in this process, able to answer elicitation when `elicit` is given. */
async function connect(
  options: {
    env?: Record<string, string>;
    allowWrites?: boolean;
    elicit?: (message: string) => ElicitResult;
    documents?: Record<string, JsonObject>;
  } = {},
): Promise<Client> {
  const server = createPortalServer({
    name: 'test',
    source: memorySource(options.documents ?? vendored),
    apis: apis(),
    env: options.env ?? {},
    allowWrites: options.allowWrites,
  });
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    { capabilities: options.elicit ? { elicitation: { form: {} } } : {} },
  );
  if (options.elicit) {
    const elicit = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params.message));
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

async function callOperation(client: Client, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name: 'call_operation', arguments: args })) as CallToolResult;
}

const text = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('reads are bounded and stay on the API', () => {
  test('an endless answer is read up to the cap, cut with a message, and the connection dropped', async () => {
    api.mode = 'endless';
    const client = await connect();
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const result = await callOperation(client, { api: 'data', operation: 'getGames' });
    expect(result.isError, text(result)).toBeFalsy();
    const answer = result.structuredContent as { status: number; body: string };
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(
      new RegExp(`…\\(cut: the answer is longer than ${maxResponseBytes} bytes, and the rest was not read\\)$`),
    );
    // Well before the 30 s timeout, and without holding the stream.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    await expect.poll(() => api.closed, { timeout: 5_000 }).toBe(1);
  });

  test('a redirect is answered as it is, never followed: the other host receives nothing', async () => {
    api.mode = 'redirect';
    api.redirect = `${elsewhereOrigin}/collect`;
    const client = await connect({ env: { ARENA_API_KEY: 'key-1' } });
    const result = await callOperation(client, { api: 'data', operation: 'getGames' });
    expect((result.structuredContent as { status: number }).status).toBe(302);
    expect(elsewhere.received).toEqual([]);
  });

  test.each([['..'], ['.'], ['%2e%2e']])(
    'a path value of %j is refused by name, and nothing is sent',
    async (value) => {
      const client = await connect();
      const result = await callOperation(client, {
        api: 'data',
        operation: 'getPlayerHistory',
        values: { player_id: value, game: 'cs2' },
      });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe(
        `player_id cannot be ${JSON.stringify(value)}: a path segment of . or .. would change which call is made`,
      );
      expect(api.received).toEqual([]);
    },
  );

  test('get_code_sample refuses a path value of .. by name: a sample is the same request or none', async () => {
    const client = await connect();
    const sample = (await client.callTool({
      name: 'get_code_sample',
      arguments: { api: 'data', operation: 'getPlayerHistory', language: 'curl', values: { player_id: '..' } },
    })) as CallToolResult;
    expect(sample.isError).toBe(true);
    expect(text(sample)).toBe('player_id cannot be "..": a path segment of . or .. would change which call is made');
  });

  test("values outside the document's limits are refused as Try it refuses them, and nothing is sent", async () => {
    const client = await connect();
    const result = await callOperation(client, {
      api: 'data',
      operation: 'getGames',
      values: { limit: 1_000_000, offset: -5 },
    });
    expect(result.isError).toBe(true);
    // The limits as the document states them.
    const parameters = (readVendoredDocument('data').components as JsonObject).parameters as Record<string, JsonObject>;
    const limit = parameters.Limit100Default20.schema as { maximum: number };
    const offset = parameters.Offset.schema as { minimum: number };
    expect(text(result)).toBe(
      `nothing was sent: offset must be at least ${offset.minimum}, got -5; limit must be at most ${limit.maximum}, got 1000000`,
    );
    expect(api.received).toEqual([]);
  });

  test('the credential is hidden in every form an answer echoes it in', async () => {
    const key = 'k/y+z=1 ä-secret';
    const client = await connect({ env: { ARENA_API_KEY: key } });
    const result = await callOperation(client, { api: 'data', operation: 'getGames', values: { limit: 2 } });
    expect(api.received[0].authorization).toBe(`Bearer ${key}`);
    const whole = JSON.stringify(result);
    for (const form of credentialForms(key)) expect(whole).not.toContain(form);
    expect((result.structuredContent as { body: string }).body).toContain('"authorization":"Bearer [credential]"');
  });
});

describe('a call that changes something is sent only when the person confirms it', () => {
  const post = { api: 'chat', operation: 'postRoomMessage', values: { room_id: 'room-1' }, body: { body: 'gg' } };

  test('a client that cannot ask is refused, saying how to allow writes; nothing is sent', async () => {
    const client = await connect();
    const result = await callOperation(client, post);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      `POST ${origin}/rooms/room-1/messages changes something on the server, and this client cannot ask you to confirm it (MCP elicitation): nothing was sent. To let the assistant send such calls without asking, start the server with --allow-writes.`,
    );
    expect(api.received).toEqual([]);
  });

  test('the old confirm argument no longer sends it', async () => {
    const client = await connect();
    const result = await callOperation(client, { ...post, confirm: true });
    expect(result.isError).toBe(true);
    expect(api.received).toEqual([]);
  });

  test('a client that can ask shows the method, the URL and the body; accepted, it is sent', async () => {
    const asked: string[] = [];
    const client = await connect({
      elicit: (message) => {
        asked.push(message);
        return { action: 'accept', content: { send: true } };
      },
    });
    const result = await callOperation(client, post);
    expect(result.isError, text(result)).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`POST ${origin}/rooms/room-1/messages`);
    expect(asked[0]).toContain('"body": "gg"');
    expect(api.received.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/rooms/room-1/messages', body: '{\n  "body": "gg"\n}' },
    ]);
  });

  test.each<[string, ElicitResult]>([
    ['declined', { action: 'decline' }],
    ['cancelled', { action: 'cancel' }],
    ['accepted without the box ticked', { action: 'accept', content: { send: false } }],
  ])('%s, nothing is sent', async (_, answer) => {
    const client = await connect({ elicit: () => answer });
    const result = await callOperation(client, post);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(`you did not confirm POST ${origin}/rooms/room-1/messages: nothing was sent`);
    expect(api.received).toEqual([]);
  });

  test('with --allow-writes, a client that cannot ask sends it', async () => {
    const client = await connect({ allowWrites: true });
    const result = await callOperation(client, post);
    expect(result.isError, text(result)).toBeFalsy();
    expect(api.received).toHaveLength(1);
  });
});

describe('list_operations at the size of the largest APIs', () => {
  // 250 calls: more than one answer lists unless asked.
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'Many', version: '1' },
    paths: Object.fromEntries(
      Array.from({ length: 250 }, (_, index) => [
        `/items/${index}`,
        { get: { operationId: `item${index}`, summary: `Item ${index}`, responses: { 200: { description: 'ok' } } } },
      ]),
    ),
  };
  type Listed = { operations: { operationId: string }[]; total: number; nextCursor?: string };
  const list = async (client: Client, more: Record<string, unknown> = {}) => {
    const result = (await client.callTool({
      name: 'list_operations',
      arguments: { api: 'data', ...more },
    })) as CallToolResult;
    return { result, listed: result.structuredContent as Listed };
  };

  test('lists 100 at a time with the total, and the cursor leads through the rest in order', async () => {
    const client = await connect({ documents: { ...vendored, '/openapi/data-v4.json': document } });
    const seen: string[] = [];
    let cursor: string | undefined;
    const answers: number[] = [];
    do {
      const { listed } = await list(client, cursor === undefined ? {} : { cursor });
      expect(listed.total).toBe(250);
      answers.push(listed.operations.length);
      seen.push(...listed.operations.map((operation) => operation.operationId));
      cursor = listed.nextCursor;
    } while (cursor !== undefined);
    expect(answers).toEqual([100, 100, 50]);
    expect(seen).toEqual(Array.from({ length: 250 }, (_, index) => `item${index}`));
    const { listed } = await list(client, { limit: 500 });
    expect(listed.operations).toHaveLength(250);
    expect(listed.nextCursor).toBeUndefined();
  });

  test('a cursor it did not give, or a limit past 500, is refused with why', async () => {
    const client = await connect({ documents: { ...vendored, '/openapi/data-v4.json': document } });
    for (const cursor of ['abc', '-1', '251', '1e2', '../']) {
      const { result } = await list(client, { cursor });
      expect(result.isError, cursor).toBe(true);
      expect(text(result)).toBe(`cursor ${JSON.stringify(cursor)} is not one list_operations gave`);
    }
    const { result } = await list(client, { limit: 501 });
    expect(result.isError).toBe(true);
  });
});

describe("a portal's document is data: it never moves a call", () => {
  test('a path without its slash is no call, and a server the document names receives nothing', async () => {
    const document: JsonObject = {
      openapi: '3.1.0',
      info: { title: 'hostile', version: '1' },
      servers: [{ url: elsewhereOrigin }],
      paths: {
        '/games': { get: { operationId: 'getGames', responses: { 200: { description: 'ok' } } } },
        '.evil.example/x': { get: { operationId: 'moved', responses: { 200: { description: 'ok' } } } },
      },
    };
    const client = await connect({ documents: { ...vendored, '/openapi/data-v4.json': document } });
    const listed = (await client.callTool({ name: 'list_operations', arguments: { api: 'data' } })) as CallToolResult;
    expect(
      (listed.structuredContent as { operations: { path: string }[] }).operations.map((each) => each.path),
    ).toEqual(['/games']);
    const moved = await callOperation(client, { api: 'data', operation: 'moved' });
    expect(moved.isError).toBe(true);
    expect(text(moved)).toBe('the Data API has no call "moved"; list_operations names them');
    const result = await callOperation(client, { api: 'data', operation: 'getGames' });
    expect(result.isError, text(result)).toBeFalsy();
    expect(api.received).toHaveLength(1);
    expect(elsewhere.received).toEqual([]);
  });
});

describe("get_code_sample and a call's own samples from its document (x-codeSamples)", () => {
  const withSamples = () => {
    const data = readVendoredDocument('data');
    const paths = data.paths as Record<string, Record<string, JsonObject>>;
    paths['/championships'].get['x-codeSamples'] = [...providerSamples, hostileSample];
    return { ...vendored, '/openapi/data-v4.json': data };
  };
  const sample = async (client: Client, language: string, values?: Record<string, unknown>) =>
    (await client.callTool({
      name: 'get_code_sample',
      arguments: { api: 'data', operation: 'getChampionships', language, ...(values ? { values } : {}) },
    })) as CallToolResult;

  test("the portal's languages answer as before, and list the call's own samples by the name that gets them", async () => {
    const plain = await connect();
    const own = await connect({ documents: withSamples() });
    for (const language of ['curl', 'python', 'perl']) {
      const before = (await sample(plain, language)).structuredContent as Record<string, unknown>;
      const after = (await sample(own, language)).structuredContent as Record<string, unknown>;
      expect(before).toEqual({ language, code: expect.any(String) as string });
      expect(after).toEqual({
        ...before,
        documentSamples: [
          'document:Python',
          'document:Shell',
          'document:Kotlin SDK',
          `document:${hostileSample.label}`,
        ],
      });
    }
  });

  test("a document's sample comes as the document wrote it, with its lang and whose it is", async () => {
    const client = await connect({ documents: withSamples() });
    const answer = (await sample(client, 'document:Shell')).structuredContent as Record<string, string>;
    expect(answer).toMatchObject({
      language: 'document:Shell',
      lang: 'Shell',
      code: providerSamples[1].source.trimEnd(),
    });
    expect(answer.note).toContain('not run or checked by this portal');
    const hostile = (await sample(client, `document:${hostileSample.label}`, { limit: 5 })).structuredContent as Record<
      string,
      string
    >;
    expect(hostile.code).toBe(hostileSample.source);
    expect(hostile.note).toContain("The values given apply to the portal's languages only");
  });

  test('a name the call has no sample by is refused with the names it has', async () => {
    const client = await connect({ documents: withSamples() });
    const missing = await sample(client, 'document:Rust');
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe(
      `getChampionships has no sample "document:Rust"; its document's own: document:Python, document:Shell, document:Kotlin SDK, document:${hostileSample.label}`,
    );
    const none = await sample(await connect(), 'document:Python');
    expect(text(none)).toBe(`getChampionships has no sample "document:Python"; its document's own: none`);
    // Neither one of the ten nor a document's name: the input schema refuses it.
    expect((await sample(client, 'cobol')).isError).toBe(true);
  });
});

describe("urlSource: a deployed portal's files are read within a size and a time", () => {
  let portal: Server;
  let portalUrl = '';
  beforeAll(async () => {
    portal = createServer((request, response) => {
      if (request.url === '/llms.txt') {
        // Endless.
        response.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 'y');
        const write = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once('drain', write);
        };
        write();
      } else if (request.url === '/big.md') {
        response.writeHead(200, { 'Content-Length': String(400 * 1024 * 1024) });
        response.write('z');
      } else if (request.url === '/slow.md') {
        response.writeHead(200);
        const timer = setInterval(() => response.write('.'), 200);
        response.on('close', () => clearInterval(timer));
      } else if (request.url === '/moved.md') {
        response.writeHead(302, { Location: `${elsewhereOrigin}/x` }).end();
      } else {
        response.writeHead(200).end('# page\n');
      }
    });
    portalUrl = await listen(portal);
  });
  afterAll(async () => {
    portal.closeAllConnections();
    await new Promise((resolve) => portal.close(resolve));
  });

  const source = () => urlSource(portalUrl, fetch, { maxBytes: 1024 * 1024, seconds: 2 });

  test('a page within the limits is read', async () => {
    expect(await source().text('/page.md')).toBe('# page\n');
  });
  test.each([
    ['/llms.txt', "the portal's /llms.txt is over 1 MB: not read"],
    ['/big.md', "the portal's /big.md is over 1 MB: not read"],
  ])('%s is refused at the cap', async (sitePath, message) => {
    await expect(source().text(sitePath)).rejects.toThrow(message);
  });
  test('a trickling answer is cut at the time limit', async () => {
    await expect(source().text('/slow.md')).rejects.toThrow(`${portalUrl}/slow.md did not answer whole within 2 s`);
  });
  test('a redirect is not followed', async () => {
    await expect(source().text('/moved.md')).rejects.toThrow();
    expect(elsewhere.received).toEqual([]);
  });
});
