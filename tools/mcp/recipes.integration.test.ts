import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { apis as configApis } from '../../config/apis';
import { loadRecipes } from '../../src/build/recipes/load';
import { publishRecipes } from '../../src/build/recipes/publish';
import { readVendoredDocument } from '../../tests/fixtures/vendored';
import { useVendoredMocks } from '../../tests/fixtures/mocks';
import { createPortalServer, type McpApi } from './server';
import { folderSource } from './source';

/**
 * `list_recipes` and `run_recipe` through an MCP client, over a site folder holding what the build publishes (the
 * vendored documents as `/openapi/<id>.json`, the recipes by `publishRecipes`), against the Prism mocks of the
 * vendored documents: what reached the mock is what was sent.
 */

const mocks = useVendoredMocks();
const dataKey = 'mcp-recipes-data-key';
const chatToken = 'mcp-recipes-chat-token';
let site = '';

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'mcp-recipes-'));
  await mkdir(path.join(site, 'openapi'), { recursive: true });
  for (const api of configApis) {
    await writeFile(path.join(site, 'openapi', `${api.id}.json`), JSON.stringify(readVendoredDocument(api.key)));
  }
  await publishRecipes(loadRecipes(process.cwd(), configApis), site);
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});
beforeEach(() => {
  mocks.data.received.length = 0;
  mocks.chat.received.length = 0;
});

/** The portal's APIs, each on its mock: the calls go there since the environment names no base URL. */
function apis(): McpApi[] {
  return configApis.map((api) => {
    const mock = api.key === 'chat' ? mocks.chat : mocks.data;
    return {
      key: api.key,
      id: api.id,
      title: api.title,
      linkBase: `/docs/${api.folder}`,
      credentialVariable: api.credential.variable,
      baseUrlVariable: api.baseUrlVariable,
      trustedOrigins: [new URL(mock.url).origin],
      mockUrl: mock.url,
    };
  });
}

const env = () =>
  Object.fromEntries(configApis.map((api) => [api.credential.variable, api.key === 'chat' ? chatToken : dataKey]));

async function connect(options: { elicit?: (message: string) => ElicitResult } = {}): Promise<Client> {
  const server = createPortalServer({
    name: 'test',
    source: folderSource(site, 'https://portal.example'),
    apis: apis(),
    env: env(),
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

const text = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const chatInputs = { roomId: 'hub-7b1e9c44-3f2a-4d8e-b6c1-0a9f8e7d6c5b', message: 'GG everyone, see you next week!' };

describe('list_recipes', () => {
  test('lists the six recipes with their pages, inputs and writes', async () => {
    const client = await connect();
    const result = await call(client, 'list_recipes', {});
    expect(result.isError, text(result)).toBeFalsy();
    const { recipes } = result.structuredContent as {
      recipes: {
        recipe: string;
        url: string;
        apis: string[];
        workflows: {
          workflow: string;
          inputs: { name: string; examples?: unknown[]; credential?: string }[];
          writes: string[];
        }[];
      }[];
    };
    expect(recipes.map((recipe) => recipe.recipe)).toEqual([
      'chat-bot-post',
      'hub-members-skill-levels',
      'match-statistics',
      'player-match-history',
      'tournament-bracket',
      'webhook-fetch-object',
    ]);
    const history = recipes.find((recipe) => recipe.recipe === 'player-match-history');
    expect(history?.url).toBe('https://portal.example/getting-started/recipes/player-match-history');
    expect(history?.apis).toEqual(['data']);
    const inputs = history?.workflows[0].inputs ?? [];
    expect(inputs.find((input) => input.name === 'nickname')?.examples).toEqual(['Kestrel']);
    expect(inputs.find((input) => input.name === 'apiKey')?.credential).toMatch(/ARENA_API_KEY/);
    expect(history?.workflows.flatMap((workflow) => workflow.writes)).toEqual([]);
    const chat = recipes.find((recipe) => recipe.recipe === 'chat-bot-post');
    expect(chat?.workflows[0].writes).toEqual(['post: POST /rooms/{room_id}/messages']);
  });
});

describe('run_recipe', () => {
  test('runs a recipe that only reads, unasked, with the server credential, and the trace names each step', async () => {
    const client = await connect();
    const result = await call(client, 'run_recipe', {
      recipe: 'player-match-history',
      inputs: { nickname: 'Kestrel', game: 'cs2' },
    });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      recipe: 'player-match-history',
      workflow: 'playerMatchHistory',
      status: 'succeeded',
    });
    const trace = text(result);
    expect(trace).toMatch(/^# A player's match history: `playerMatchHistory`/);
    expect(trace).toMatch(/## 1\. `findPlayer`/);
    expect(trace).toMatch(/## 2\. `readHistory`/);
    expect(trace).toMatch(/## 3\. `page` \(in `historyPages`, call depth 1\)/);
    expect(trace).toContain('- Status: **succeeded**');
    expect(trace).toContain("`apiKey` is the server's ARENA_API_KEY");
    // Every call reached the mock as a read, with the server's key, and the key is in no answer.
    expect(mocks.data.received.length).toBeGreaterThanOrEqual(2);
    expect(mocks.data.received.every((request) => request.method === 'GET')).toBe(true);
    expect(mocks.data.received.every((request) => request.headers.authorization === `Bearer ${dataKey}`)).toBe(true);
    expect(mocks.data.received[0].url).toBe('/players?nickname=Kestrel');
    expect(JSON.stringify(result)).not.toContain(dataKey);
  });

  test('refuses a recipe that writes to a client that cannot ask, before anything is sent', async () => {
    const client = await connect();
    const result = await call(client, 'run_recipe', { recipe: 'chat-bot-post', inputs: chatInputs });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'The recipe chat-bot-post: the step post (POST /rooms/{room_id}/messages) changes something on the server, and this client cannot ask you to confirm it (MCP elicitation): nothing was sent. To let the assistant send such calls without asking, start the server with --allow-writes.',
    );
    expect(mocks.chat.received).toEqual([]);
  });

  test('posts once the person accepts, asked with the method, URL and body, the token hidden', async () => {
    const asked: string[] = [];
    const client = await connect({
      elicit: (message) => {
        asked.push(message);
        return { action: 'accept', content: { send: true } };
      },
    });
    const result = await call(client, 'run_recipe', { recipe: 'chat-bot-post', inputs: chatInputs });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 'succeeded' });
    expect(asked).toEqual([
      `The assistant wants to send POST ${mocks.chat.url}/rooms/${chatInputs.roomId}/messages\n\nwith this body:\n${JSON.stringify({ body: chatInputs.message }, null, 2)}\n\nSend it?`,
    ]);
    expect(mocks.chat.received.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /rooms/${chatInputs.roomId}`,
      `GET /rooms/${chatInputs.roomId}/messages?limit=20`,
      `POST /rooms/${chatInputs.roomId}/messages`,
    ]);
    expect(JSON.parse(mocks.chat.received.at(-1)?.body ?? '')).toEqual({ body: chatInputs.message });
    expect(mocks.chat.received.at(-1)?.headers.authorization).toBe(`Bearer ${chatToken}`);
    expect(text(result)).toContain('This step writes: it was confirmed before it was sent.');
    expect(JSON.stringify(result)).not.toContain(chatToken);
  });

  test('sends no write the person declines, and says so', async () => {
    const client = await connect({ elicit: () => ({ action: 'decline' }) });
    const result = await call(client, 'run_recipe', { recipe: 'chat-bot-post', inputs: chatInputs });
    expect(result.structuredContent).toMatchObject({ status: 'stopped' });
    expect(text(result)).toContain(
      `you did not confirm POST ${mocks.chat.url}/rooms/${chatInputs.roomId}/messages: nothing was sent`,
    );
    expect(mocks.chat.received.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  test('names the inputs a run needs, with their descriptions and examples, before anything is sent', async () => {
    const client = await connect();
    const result = await call(client, 'run_recipe', { recipe: 'match-statistics', inputs: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /^the workflow matchStatistics of match-statistics needs `matchId`: .*\(for example "1-9d3c2b1a-8e7f-4a6b-9c5d-4e3f2a1b0c9d"\): nothing was sent$/,
    );
    expect(mocks.data.received).toEqual([]);
  });
});
