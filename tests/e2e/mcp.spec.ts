import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, gotoHydrated, test } from './support/fixtures';
import { OperationPage } from './support/pages';
import { freePort, waitUntilAnswering } from '../../tools/lib/process';
import { spawnGroup } from '../../tools/lib/processGroup';
import { startMock, type MockServer } from '../../tools/mock/mockServer';
import { sampleLanguages } from '../../src/core/samples';
import { relevanceFigures, relevanceSet } from '../../tools/lib/relevance';
import { brand } from '../../config/brand';
import { SearchBox } from './support/pages';

/**
 * The portal's MCP server (`npm run mcp`, tools/mcp) over the production build, driven by the MCP SDK's own client
 * as an assistant would: over stdio and over Streamable HTTP.
 */

const route = '/docs/data-api/get-player-history';

function environment(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    // The client's environment names no credential of its own: each test sets what it needs.
    if (value !== undefined && !/^ARENA_/.test(name)) env[name] = value;
  }
  return { ...env, ...extra };
}

/** A client of the server reading a built site folder (`--site`), or a served portal (`--url http…`). */
async function stdioClient(env: Record<string, string> = {}, site = path.resolve('build')): Promise<Client> {
  const client = new Client({ name: 'portal-tests', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.resolve('tools/mcp/main.ts'), /^https?:/.test(site) ? '--url' : '--site', site],
      env: environment(env),
      stderr: 'ignore',
    }),
  );
  return client;
}

interface SearchResult {
  title: string;
  url: string;
  section: string;
  kind: string;
  excerpt: string;
}

function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** Every tool the server offers, over stdio and over HTTP alike. */
const toolNames = [
  'call_operation',
  'get_changelog',
  'get_code_sample',
  'get_operation',
  'get_schema',
  'list_auth',
  'list_operations',
  'list_recipes',
  'run_recipe',
  'search_docs',
].sort();

test.describe('over stdio', () => {
  let client: Client;
  test.beforeAll(async () => {
    client = await stdioClient();
  });
  test.afterAll(async () => {
    await client?.close();
  });

  test('lists its tools, each with an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(toolNames);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['integrate_api']);
    const prompt = await client.getPrompt({ name: 'integrate_api', arguments: { api: 'data' } });
    const first = prompt.messages[0].content;
    expect(first.type === 'text' ? first.text : '').toContain('Call list_auth with api "data"');
  });

  test('search_docs finds the history call first; a section keeps the results to it', async () => {
    const found = await call(client, 'search_docs', { query: 'player match history' });
    const { results } = found.structuredContent as { results: SearchResult[] };
    expect(results[0]).toMatchObject({ kind: 'operation', section: 'Data API', url: `${brand.siteUrl}${route}` });
    expect(results[0].excerpt).toMatch(/match history/i);
    expect(results[0].excerpt).not.toMatch(/<mark>|&#|&amp;/);
    const schemas = await call(client, 'search_docs', { query: 'player', section: 'Schemas', limit: 8 });
    const inSection = (schemas.structuredContent as { results: SearchResult[] }).results;
    expect(inSection).toHaveLength(8);
    for (const result of inSection) expect(result).toMatchObject({ kind: 'schema', section: 'Schemas' });
    const unknown = await call(client, 'search_docs', { query: 'player', section: 'Nowhere' });
    expect(unknown.isError).toBe(true);
  });

  test("get_changelog answers the changelog page's twin, from a date on when asked", async () => {
    const twin = readFileSync(path.join('build', 'docs/data-api/changelog.md'), 'utf8');
    const dates = [...twin.matchAll(/^## (\d{4}-\d{2}-\d{2})/gm)].map((match) => match[1]);
    expect(dates.length).toBeGreaterThan(0);
    expect(text(await call(client, 'get_changelog', { api: 'data' }))).toBe(twin);
    const since = text(await call(client, 'get_changelog', { api: 'data', since: dates[0] }));
    expect(since).toContain(`## ${dates[0]}`);
    const after = text(await call(client, 'get_changelog', { api: 'data', since: '2999-01-01' }));
    expect(after).not.toContain(`## ${dates[0]}`);
    expect(after).toContain('No entry since 2999-01-01.');
    const malformed = await call(client, 'get_changelog', { api: 'data', since: 'yesterday' });
    expect(malformed.isError).toBe(true);
  });

  test("list_operations names every call with its page; get_operation answers the page's Markdown twin", async () => {
    const listed = await call(client, 'list_operations', { api: 'data', tag: 'Players' });
    const operations = (listed.structuredContent as { operations: { operationId: string; url: string }[] }).operations;
    const history = operations.find((operation) => operation.url.endsWith(route));
    expect(history?.operationId).toBe('getPlayerHistory');
    const operation = await call(client, 'get_operation', { api: 'data', operation: 'getPlayerHistory' });
    expect(operation.isError).toBeFalsy();
    expect(text(operation)).toBe(readFileSync(path.join('build', `${route}.md`), 'utf8'));
    // Method and path name the same call.
    const byPath = await call(client, 'get_operation', { api: 'data', operation: 'GET /players/{player_id}/history' });
    expect(text(byPath)).toBe(text(operation));
  });

  test("get_schema answers the schema page's twin; an unknown name is a clear tool error", async () => {
    const schema = await call(client, 'get_schema', { api: 'data', name: 'Championship' });
    expect(text(schema)).toBe(readFileSync(path.join('build', 'docs/data-api/schemas/championship.md'), 'utf8'));
    const missing = await call(client, 'get_schema', { api: 'data', name: 'Nothing' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe('the Data API has no schema "Nothing"');
  });

  test('list_auth says where the credential goes and which variables the samples read', async () => {
    const auth = (await call(client, 'list_auth', { api: 'chat' })).structuredContent as {
      schemes: { type: string; where: string; guide: string }[];
      credentialVariable: string;
    };
    expect(auth.credentialVariable).toBe('ARENA_ACCESS_TOKEN');
    expect(auth.schemes[0].type).toBe('oauth2');
    expect(auth.schemes[0].where).toContain('`Authorization`');
    expect(auth.schemes[0].guide).toMatch(/\/getting-started\/authentication\/oauth2$/);
  });

  test('call_operation refuses a call that changes something when the client cannot ask the person', async () => {
    const refused = await call(client, 'call_operation', { api: 'chat', operation: 'postRoomMessage' });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/rooms\/[^/]+\/messages changes something on the server, and this client cannot ask you to confirm it \(MCP elicitation\): nothing was sent\. To let the assistant send such calls without asking, start the server with --allow-writes\.$/,
    );
  });
});

test("search_docs ranks as the site's search box: the relevance set reaches its targets, and rows match the box's", async ({
  page,
}) => {
  const client = await stdioClient();
  try {
    const set = relevanceSet();
    const results = new Map<string, string[]>();
    for (const { query } of set.queries) {
      const answer = await call(client, 'search_docs', { query, limit: 8 });
      const rows = (answer.structuredContent as { results: SearchResult[] }).results;
      results.set(
        query,
        rows.map((row) => row.url.slice(brand.siteUrl.length)),
      );
    }
    const figures = relevanceFigures(set, results);
    expect(figures.mrr).toBeGreaterThanOrEqual(set.targets.mrr);
    expect(figures.top3).toBeGreaterThanOrEqual(set.targets.top3);
    // The same rows as a reader sees, in the same order, for a sample of the set.
    await gotoHydrated(page, '/');
    const box = new SearchBox(page);
    for (const { query } of set.queries.filter((_, index) => index % 8 === 0)) {
      expect(results.get(query), query).toEqual(await box.resultUrls(query));
    }
  } finally {
    await client.close();
  }
});

test('search_docs on a site without its search index is a clear tool error, and the server goes on', async () => {
  const site = test.info().outputPath('site');
  mkdirSync(path.join(site, 'openapi'), { recursive: true });
  cpSync(path.join('build', 'openapi'), path.join(site, 'openapi'), { recursive: true });
  const client = await stdioClient({}, site);
  try {
    const failed = await call(client, 'search_docs', { query: 'player history' });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toMatch(
      /^the portal has no search index \(the built site has no \/pagefind\/pagefind-entry\.json/,
    );
    const listed = await call(client, 'list_operations', { api: 'data' });
    expect(listed.isError).toBeFalsy();
  } finally {
    await client.close();
  }
});

test('from a served portal (--url), search and pages answer as from its build folder', async ({ baseURL }) => {
  const client = await stdioClient({}, String(baseURL));
  try {
    const found = await call(client, 'search_docs', { query: 'player match history' });
    expect(found.isError).toBeFalsy();
    const [first] = (found.structuredContent as { results: SearchResult[] }).results;
    expect(first.url).toBe(`${String(baseURL).replace(/\/$/, '')}${route}`);
    const operation = await call(client, 'get_operation', { api: 'data', operation: 'getPlayerHistory' });
    expect(text(operation)).toBe(readFileSync(path.join('build', `${route}.md`), 'utf8'));
  } finally {
    await client.close();
  }
});

test("get_code_sample writes each language's sample exactly as the call's page shows it", async ({ page }) => {
  const client = await stdioClient();
  try {
    await gotoHydrated(page, route);
    const operation = new OperationPage(page);
    for (const language of sampleLanguages) {
      await operation.sampleTab(language.label).first().click();
      await expect(operation.sampleTab(language.label).first()).toHaveAttribute('aria-selected', 'true');
      const shown = await operation.shownSample.locator('pre code').innerText();
      const sample = await call(client, 'get_code_sample', {
        api: 'data',
        operation: 'getPlayerHistory',
        language: language.id,
      });
      expect((sample.structuredContent as { code: string }).code.trim(), language.id).toBe(shown.trim());
    }
  } finally {
    await client.close();
  }
});

test.describe('call_operation against the local mock', () => {
  let mock: MockServer;
  let port: number;
  test.beforeAll(async () => {
    port = await freePort();
    mock = await startMock('data', port, { document: path.resolve('build/openapi/data-v4.json') });
  });
  test.afterAll(async () => {
    await mock?.stop();
  });

  test('a read-only call answers 200 with the credential from the environment, which never comes back', async () => {
    const client = await stdioClient({ MOCK_DATA_PORT: String(port), ARENA_API_KEY: 'key-from-environment' });
    try {
      const result = await call(client, 'call_operation', { api: 'data', operation: 'getGames', values: { limit: 2 } });
      expect(result.isError, text(result)).toBeFalsy();
      const answer = result.structuredContent as { status: number; url: string; body: string };
      expect(answer.status).toBe(200);
      expect(answer.url).toBe(`http://127.0.0.1:${port}/games?limit=2`);
      expect(JSON.stringify(result)).not.toContain('key-from-environment');
      expect(mock.received.at(-1)?.headers.authorization).toBe('Bearer key-from-environment');
    } finally {
      await client.close();
    }
  });

  test('without the credential a production call is a clear tool error, and a host off the API is refused', async () => {
    const production = await stdioClient({ ARENA_DATA_API_URL: 'https://open.arena.example/data/v4' });
    try {
      const result = await call(production, 'call_operation', { api: 'data', operation: 'getGames' });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('ARENA_API_KEY is not set: the Data API needs a credential (see list_auth)');
    } finally {
      await production.close();
    }
    const elsewhere = await stdioClient({ ARENA_DATA_API_URL: 'https://collector.example', ARENA_API_KEY: 'k' });
    try {
      const result = await call(elsewhere, 'call_operation', { api: 'data', operation: 'getGames' });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^ARENA_DATA_API_URL names https:\/\/collector\.example, which is not one of/);
    } finally {
      await elsewhere.close();
    }
  });
});

test('over Streamable HTTP on loopback, the same tools answer the same', async () => {
  const port = await freePort();
  const token = 'token-of-this-test';
  const server = spawnGroup(
    process.execPath,
    ['--import', 'tsx', 'tools/mcp/main.ts', '--http', '--port', String(port)],
    {
      env: environment({ ARENA_MCP_TOKEN: token }),
      stdio: 'ignore',
    },
  );
  const client = new Client({ name: 'portal-tests', version: '1.0.0' });
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/`, { name: 'the MCP server', child: server.child });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(toolNames);
    const found = await call(client, 'search_docs', { query: 'player match history' });
    expect((found.structuredContent as { results: SearchResult[] }).results[0].url).toBe(`${brand.siteUrl}${route}`);
    const operation = await call(client, 'get_operation', { api: 'data', operation: 'getPlayerHistory' });
    expect(text(operation)).toBe(readFileSync(path.join('build', `${route}.md`), 'utf8'));
  } finally {
    await client.close();
    await server.stop();
  }
});
