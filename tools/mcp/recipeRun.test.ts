import { describe, expect, test } from 'vitest';
import { apis as configApis } from '../../config/apis';
import { loadRecipes } from '../../src/build/recipes/load';
import { publishedDocument, publishedEntry } from '../../src/build/recipes/publish';
import { readVendoredDocument } from '../../tests/fixtures/vendored';
import { maxResponseBytes } from './callGate';
import { toolContext, type McpApi } from './context';
import { runPublishedRecipe, type RecipeRunOptions } from './recipeRun';
import { credentialInputs, recipeListing, recipeSources, writeSteps } from './recipes';
import type { PortalSource } from './source';

/**
 * run_recipe's and list_recipes' logic driven directly, without an MCP client: a portal in memory holding what the
 * build publishes, and a fetch that answers as each case needs and records what was sent.
 */

const recipes = loadRecipes(process.cwd(), configApis);
const files: Record<string, string> = {
  '/recipes/index.json': JSON.stringify({ recipes: recipes.map((recipe) => publishedEntry(recipe)) }),
  ...Object.fromEntries(
    recipes.map((recipe) => [`/recipes/${recipe.slug}.json`, JSON.stringify(publishedDocument(recipe))]),
  ),
  ...Object.fromEntries(
    configApis.map((api) => [`/openapi/${api.id}.json`, JSON.stringify(readVendoredDocument(api.key))]),
  ),
};

function memorySource(): PortalSource {
  const text = (sitePath: string) =>
    Object.hasOwn(files, sitePath) ? Promise.resolve(files[sitePath]) : Promise.reject(new Error(`no ${sitePath}`));
  return {
    siteUrl: 'https://portal.example',
    text,
    bytes: async (sitePath) => new TextEncoder().encode(await text(sitePath)),
  };
}

const origin = { data: 'http://127.0.0.1:4010', chat: 'http://127.0.0.1:4011' } as Record<string, string>;
const apis: McpApi[] = configApis.map((api) => ({
  key: api.key,
  id: api.id,
  title: api.title,
  linkBase: `/docs/${api.folder}`,
  credentialVariable: api.credential.variable,
  baseUrlVariable: api.baseUrlVariable,
  trustedOrigins: [origin[api.key], `https://${api.key}.example`],
  mockUrl: origin[api.key],
}));
const dataApi = apis.find((api) => api.key === 'data')!;
const chatApi = apis.find((api) => api.key === 'chat')!;

const context = toolContext({ name: 'test', source: memorySource(), apis, env: {} });

interface Sent {
  url: string;
  method: string;
  headers: [string, string][];
  redirect?: RequestRedirect;
}

/** A fetch that answers with `answer(url)` and records each request. */
function fakeFetch(answer: (url: string) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetchImpl = ((url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as [string, string][],
      redirect: init.redirect,
    });
    return Promise.resolve(answer(url));
  }) as unknown as typeof fetch;
  return { sent, fetchImpl };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const matchInputs = { event: 'match_status_cancelled', event_id: 'e-1', payload: { match_id: 'm-1' } };
const match = { match_id: 'm-1', status: 'CANCELLED', version: 2, competition_id: 'c-1', teams: {} };

function run(args: Parameters<typeof runPublishedRecipe>[1], options: Partial<RecipeRunOptions> = {}) {
  return runPublishedRecipe(context, args, { env: {}, ...options });
}

describe('what a recipe calls', () => {
  test('the chat recipe writes in its post step only; the history recipe, through the workflow it calls, never', async () => {
    const chat = JSON.parse(files['/recipes/chat-bot-post.json']) as Parameters<typeof recipeSources>[0];
    const chatSources = await recipeSources(chat, context);
    expect(writeSteps(chat, chat.workflows[0], chatSources)).toEqual([
      { workflowId: 'chatBotPost', stepId: 'post', method: 'POST', path: '/rooms/{room_id}/messages' },
    ]);
    const history = JSON.parse(files['/recipes/player-match-history.json']) as typeof chat;
    expect(writeSteps(history, history.workflows[0], await recipeSources(history, context))).toEqual([]);
    expect([...credentialInputs(chat.workflows[0], chatSources)]).toEqual([['accessToken', chatApi]]);
  });

  test("list_recipes's listing names each recipe's page on the portal and its credential inputs' source", async () => {
    const { recipes: listed } = await recipeListing(context);
    const bracket = listed.find((recipe) => recipe.recipe === 'tournament-bracket');
    expect(bracket?.url).toBe('https://portal.example/getting-started/recipes/tournament-bracket');
    expect(bracket?.workflows[0].inputs.find((input) => input.name === 'apiKey')).toEqual({
      name: 'apiKey',
      type: 'string',
      required: true,
      description: expect.any(String) as string,
      credential: "left out, it is the server's ARENA_API_KEY (or the local mock's credential)",
    });
  });
});

describe('run_recipe', () => {
  test('an unknown recipe or workflow is named with the ones there are', async () => {
    await expect(run({ recipe: '../openapi/data-v4' })).rejects.toThrow(
      /^no recipe "\.\.\/openapi\/data-v4"; the portal has `chat-bot-post`, .* or `webhook-fetch-object` \(list_recipes\)$/,
    );
    await expect(run({ recipe: 'webhook-fetch-object', workflow: 'nope' })).rejects.toThrow(
      'the recipe webhook-fetch-object has no workflow "nope"; it has `matchEventFetchMatch` or `hubEventFetchHub`',
    );
  });

  test('a base URL off the API hosts is refused before anything is sent', async () => {
    const { sent, fetchImpl } = fakeFetch(() => json(match));
    await expect(
      run(
        { recipe: 'webhook-fetch-object', inputs: matchInputs },
        { env: { [dataApi.baseUrlVariable]: 'https://elsewhere.example' }, fetchImpl },
      ),
    ).rejects.toThrow(
      `ARENA_DATA_API_URL names https://elsewhere.example, which is not one of the Data API's hosts (${dataApi.trustedOrigins.join(', ')}): nothing was sent`,
    );
    expect(sent).toEqual([]);
  });

  test('sends to the base URL of the environment with its credential, hidden in every form in the answer', async () => {
    const key = 'env-secret-key-1234';
    const { sent, fetchImpl } = fakeFetch(() =>
      // A careless API that echoes the key, as Base64 too.
      json({ ...match, competition_id: Buffer.from(key).toString('base64') }),
    );
    const result = await run(
      { recipe: 'webhook-fetch-object', inputs: matchInputs },
      { env: { [dataApi.baseUrlVariable]: 'https://data.example', [dataApi.credentialVariable]: key }, fetchImpl },
    );
    expect(result.result.status).toBe('succeeded');
    expect(sent.map((request) => request.url)).toEqual(['https://data.example/matches/m-1']);
    expect(sent[0].headers).toContainEqual(['Authorization', `Bearer ${key}`]);
    expect(sent[0].redirect).toBe('manual');
    expect(result.text).toContain("`apiKey` is the server's ARENA_API_KEY");
    expect(result.text).not.toContain(key);
    expect(result.text).not.toContain(Buffer.from(key).toString('base64'));
  });

  test("a credential the caller gives is the one sent, not the server's", async () => {
    const { sent, fetchImpl } = fakeFetch(() => json(match));
    const result = await run(
      { recipe: 'webhook-fetch-object', inputs: { ...matchInputs, apiKey: 'caller-key-5678' } },
      { env: { [dataApi.credentialVariable]: 'server-key-1234' }, fetchImpl },
    );
    expect(sent[0].headers).toContainEqual(['Authorization', 'Bearer caller-key-5678']);
    expect(result.text).not.toContain('caller-key-5678');
    expect(result.text).not.toContain('is the server');
  });

  test('a redirect is answered as it is, not followed', async () => {
    const { sent, fetchImpl } = fakeFetch(
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/steal' } }),
    );
    const result = await run({ recipe: 'webhook-fetch-object', inputs: matchInputs }, { fetchImpl });
    expect(sent).toHaveLength(1);
    expect(result.result).toMatchObject({ status: 'failed' });
    expect(result.text).toContain('Answer: **302**');
  });

  test('an answer over the cap fails its step with why', async () => {
    const { fetchImpl } = fakeFetch(() => json({ ...match, padding: 'x'.repeat(maxResponseBytes) }));
    const result = await run({ recipe: 'webhook-fetch-object', inputs: matchInputs }, { fetchImpl });
    expect(result.result.status).toBe('failed');
    expect(result.result.reason).toBe(
      `match: the request failed: the answer is longer than ${maxResponseBytes} bytes, and the rest was not read`,
    );
  });

  test('a paging loop stops at maxSteps', async () => {
    let end = 0;
    const { sent, fetchImpl } = fakeFetch((url) =>
      url.includes('/history')
        ? json({ items: [{ match_id: `m-${end}` }], start: end, end: (end += 1), from: 0, to: 0 })
        : json({ player_id: 'p-1', nickname: 'Kestrel' }),
    );
    const result = await run(
      { recipe: 'player-match-history', inputs: { nickname: 'Kestrel', game: 'cs2' }, maxSteps: 5 },
      { fetchImpl },
    );
    expect(result.result).toMatchObject({ status: 'stopped', steps: 5 });
    expect(result.text).toContain('- Status: **stopped** after 5 steps');
    expect(result.result.reason).toMatch(/at its limit of 5 steps/);
    // findPlayer, readHistory (a workflow call), page, nextPages (a workflow call), page.
    expect(sent).toHaveLength(3);
  });

  test('a run that outlasts its time limit is stopped and says so', async () => {
    const { fetchImpl } = fakeFetch(() => new Promise<Response>(() => undefined));
    const hanging = ((url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        void fetchImpl(url, init);
        init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      })) as unknown as typeof fetch;
    const result = await run(
      { recipe: 'webhook-fetch-object', inputs: matchInputs },
      { fetchImpl: hanging, timeLimitSeconds: 0.05 },
    );
    expect(result.result.status).toBe('stopped');
    expect(result.result.reason).toBe('the run stopped at its time limit of 0.05 s');
  });

  test('with --allow-writes a client that cannot ask gets the write sent', async () => {
    const { sent, fetchImpl } = fakeFetch((url) =>
      url.endsWith('/messages')
        ? json({ id: 'msg-1' })
        : json({ name: 'Room', members: [], roles: [], messages: [], is_last_page: true }),
    );
    const result = await run(
      { recipe: 'chat-bot-post', inputs: { roomId: 'room-1', message: 'hi' } },
      { allowWrites: true, fetchImpl },
    );
    expect(sent.map((request) => request.method)).toEqual(['GET', 'GET', 'POST']);
    expect(result.result).toMatchObject({ status: 'succeeded', outputs: { postedMessageId: 'msg-1' } });
    expect(result.text).toContain(
      'This step writes: it was sent without asking, because the server was started with --allow-writes.',
    );
    expect(result.text).not.toContain('confirmed');
  });

  test('the text cuts long outputs; the result holds them whole', async () => {
    const long = 'x'.repeat(30_000);
    const { fetchImpl } = fakeFetch(() => json({ ...match, status: long }));
    const result = await run({ recipe: 'webhook-fetch-object', inputs: matchInputs }, { fetchImpl });
    expect(result.result.outputs.status).toBe(long);
    expect(result.text).toContain('…(cut at 20000 characters: the structured result holds the outputs whole)');
    expect(result.text.length).toBeLessThan(60_000);
  });
});
