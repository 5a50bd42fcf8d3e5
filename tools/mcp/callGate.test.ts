import { describe, expect, test } from 'vitest';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject } from '../../src/core/openapi/document';
import { operationViews } from '../../src/core/openapi/view';
import { readVendoredDocument } from '../../tests/fixtures/vendored';
import { answerOf, gateCall, hideCredentials, type Ask, type CallInput, type GateOptions } from './callGate';
import type { McpApi } from './context';

/**
 * The gate in front of `call_operation`, driven directly: what it lets through, what it refuses and with which
 * sentence, and what it asks the person. The MCP plumbing around it is server.integration.test.ts's.
 */

const dataMock = 'http://127.0.0.1:4010';
const chatMock = 'http://127.0.0.1:4011';

const dataApi: McpApi = {
  key: 'data',
  id: 'data-v4',
  title: 'Data API',
  linkBase: '/docs/data-api',
  credentialVariable: 'ARENA_API_KEY',
  baseUrlVariable: 'ARENA_DATA_API_URL',
  trustedOrigins: ['https://api.data.example', dataMock],
  mockUrl: dataMock,
};
const chatApi: McpApi = {
  key: 'chat',
  id: 'chat-v1',
  title: 'Chat API',
  linkBase: '/docs/chat-api',
  credentialVariable: 'ARENA_ACCESS_TOKEN',
  baseUrlVariable: 'ARENA_CHAT_API_URL',
  trustedOrigins: ['https://api.chat.example', chatMock],
  mockUrl: chatMock,
};

const dataDocument = readVendoredDocument('data');
const chatDocument = readVendoredDocument('chat');
const dataViews = operationViews(dataDocument, dataApi.id);
const chatViews = operationViews(chatDocument, chatApi.id);

function call(api: McpApi, operationId: string, rest: Omit<CallInput, 'api' | 'view'> = {}): CallInput {
  const view = (api === dataApi ? dataViews : chatViews).find((each) => each.operationId === operationId);
  if (!view) throw new Error(`no ${operationId} in the vendored ${api.id}`);
  return { api, view, ...rest };
}

/** An elicitation that answers `answer` and keeps what it was asked. */
function asking(answer: ElicitResult) {
  const asked: ElicitRequestFormParams[] = [];
  const ask: Ask = (request) => {
    asked.push(request);
    return Promise.resolve(answer);
  };
  return { ask, asked };
}

async function refusal(input: CallInput, options: GateOptions): Promise<string> {
  try {
    await gateCall(input, options);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the gate let the call through');
}

const post = () => call(chatApi, 'postRoomMessage', { values: { room_id: 'room-1' }, body: { body: 'gg' } });
const postTarget = `POST ${chatMock}/rooms/room-1/messages`;

describe('a read is sent without asking', () => {
  test('a GET passes with the values given, and no one is asked', async () => {
    const { ask, asked } = asking({ action: 'decline' });
    const passed = await gateCall(call(dataApi, 'getGames', { values: { offset: 0, limit: 2 } }), { env: {}, ask });
    expect(passed.request.method).toBe('GET');
    expect(passed.request.url).toBe(`${dataMock}/games?offset=0&limit=2`);
    expect(asked).toEqual([]);
  });
});

describe('a write is sent only once the person confirms it', () => {
  test('a client that cannot ask is refused, and told about --allow-writes', async () => {
    expect(await refusal(post(), { env: {} })).toBe(
      `${postTarget} changes something on the server, and this client cannot ask you to confirm it (MCP elicitation): nothing was sent. To let the assistant send such calls without asking, start the server with --allow-writes.`,
    );
  });

  test('with --allow-writes, a client that cannot ask passes', async () => {
    const passed = await gateCall(post(), { env: {}, allowWrites: true });
    expect(passed.request.method).toBe('POST');
  });

  test('the person is shown the method, URL and body, and accepting with the box ticked passes', async () => {
    const { ask, asked } = asking({ action: 'accept', content: { send: true } });
    const passed = await gateCall(post(), { env: {}, ask });
    expect(passed.request.url).toBe(`${chatMock}/rooms/room-1/messages`);
    expect(asked).toEqual([
      {
        message: `The assistant wants to send ${postTarget}\n\nwith this body:\n{\n  "body": "gg"\n}\n\nSend it?`,
        requestedSchema: {
          type: 'object',
          properties: { send: { type: 'boolean', title: 'Send this request', default: false } },
          required: ['send'],
        },
      },
    ]);
  });

  test.each<[string, ElicitResult]>([
    ['declined', { action: 'decline' }],
    ['cancelled', { action: 'cancel' }],
    ['accepted without the box ticked', { action: 'accept', content: { send: false } }],
    ['accepted with no answer at all', { action: 'accept' }],
  ])('%s: refused', async (_, answer) => {
    // A client that can ask is asked even when the server allows writes.
    const { ask } = asking(answer);
    expect(await refusal(post(), { env: {}, ask, allowWrites: true })).toBe(
      `you did not confirm ${postTarget}: nothing was sent`,
    );
  });
});

describe("values outside the document's limits are refused before anyone is asked", () => {
  const parameters = (dataDocument.components as JsonObject).parameters as Record<string, { schema: JsonObject }>;
  const offset = parameters.Offset.schema as { minimum: number };
  const limit = parameters.Limit100Default20.schema as { maximum: number };
  const schemas = (chatDocument.components as JsonObject).schemas as Record<string, JsonObject>;
  const messageBody = (schemas.PostMessageBody.properties as Record<string, { maxLength: number }>).body;

  test.each<[string, CallInput, string]>([
    [
      'over the maximum and under the minimum',
      call(dataApi, 'getGames', { values: { limit: limit.maximum + 1, offset: offset.minimum - 1 } }),
      `nothing was sent: offset must be at least ${offset.minimum}, got ${offset.minimum - 1}; limit must be at most ${limit.maximum}, got ${limit.maximum + 1}`,
    ],
    [
      'not a number',
      call(dataApi, 'getGames', { values: { limit: 'many' } }),
      'nothing was sent: limit must be a whole number, got "many"',
    ],
    [
      "a body field over the schema's length",
      call(chatApi, 'postRoomMessage', {
        values: { room_id: 'room-1' },
        body: { body: 'x'.repeat(messageBody.maxLength + 1) },
      }),
      `nothing was sent: body.body must be at most ${messageBody.maxLength} characters long, got ${messageBody.maxLength + 1}`,
    ],
    [
      'a body without its required field',
      call(chatApi, 'postRoomMessage', { values: { room_id: 'room-1' }, body: {} }),
      'nothing was sent: body.body is required',
    ],
    [
      'a path segment that would change the call',
      call(dataApi, 'getPlayerHistory', { values: { player_id: '..', game: 'cs2' } }),
      'player_id cannot be "..": a path segment of . or .. would change which call is made',
    ],
  ])('%s', async (_, input, message) => {
    const { ask, asked } = asking({ action: 'accept', content: { send: true } });
    expect(await refusal(input, { env: {}, ask })).toBe(message);
    expect(asked).toEqual([]);
  });
});

describe("the call goes only to the API's own hosts, with its credential", () => {
  test.each<[string, Record<string, string>, string]>([
    [
      'a base URL off the hosts',
      { ARENA_DATA_API_URL: 'https://collector.example', ARENA_API_KEY: 'key-1' },
      `ARENA_DATA_API_URL names https://collector.example, which is not one of the Data API's hosts (https://api.data.example, ${dataMock}): nothing was sent`,
    ],
    [
      'a base URL on a look-alike host',
      { ARENA_DATA_API_URL: 'https://api.data.example.collector.example', ARENA_API_KEY: 'key-1' },
      `ARENA_DATA_API_URL names https://api.data.example.collector.example, which is not one of the Data API's hosts (https://api.data.example, ${dataMock}): nothing was sent`,
    ],
    [
      'the API itself without a credential',
      { ARENA_DATA_API_URL: 'https://api.data.example' },
      'ARENA_API_KEY is not set: the Data API needs a credential (see list_auth)',
    ],
  ])('%s is refused', async (_, env, message) => {
    expect(await refusal(call(dataApi, 'getGames'), { env })).toBe(message);
  });

  test('the API itself with a credential passes, and the credential goes in the request', async () => {
    const passed = await gateCall(call(dataApi, 'getGames', { values: { offset: 0, limit: 2 } }), {
      env: { ARENA_DATA_API_URL: 'https://api.data.example', ARENA_API_KEY: 'key-1' },
    });
    expect(passed.request.url).toBe('https://api.data.example/games?offset=0&limit=2');
    expect(passed.request.headers).toContainEqual(['Authorization', 'Bearer key-1']);
  });
});

describe('the credential never comes back', () => {
  const credential = 'k/y+z=1 secret';

  test.each([
    ['as it is', `Bearer ${credential}`, 'Bearer [credential]'],
    ['percent-encoded', 'token=k%2Fy%2Bz%3D1%20secret', 'token=[credential]'],
    ['form-encoded', 'token=k%2Fy%2Bz%3D1+secret', 'token=[credential]'],
    ['in Base64', 'Basic ay95K3o9MSBzZWNyZXQ=', 'Basic [credential]'],
    ['in Base64 without padding', '"ay95K3o9MSBzZWNyZXQ"', '"[credential]"'],
  ])('%s', (_, text, hidden) => {
    expect(hideCredentials(text, [credential])).toBe(hidden);
  });

  test("in an answer's body, content type and URL, which are cut at 20000 characters with a note", async () => {
    const passed = await gateCall(call(dataApi, 'getGames', { values: { offset: 0, limit: 2 } }), {
      env: { ARENA_API_KEY: credential },
    });
    const echoed = `{"authorization":"Bearer ${credential}","padding":"${'p'.repeat(20_000)}"}`;
    const response = new Response(echoed, {
      status: 200,
      headers: { 'Content-Type': `application/json; echo=${encodeURIComponent(credential)}` },
    });
    const answer = await answerOf(response, passed);
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${dataMock}/games?offset=0&limit=2`);
    expect(answer.contentType).toBe('application/json; echo=[credential]');
    expect(answer.body.startsWith('{"authorization":"Bearer [credential]","padding":"ppp')).toBe(true);
    expect(answer.body.endsWith('…(cut: the answer is longer than 20000 characters)')).toBe(true);
    expect(answer.body).not.toContain('secret');
  });
});
