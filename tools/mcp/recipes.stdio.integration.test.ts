import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { apis, apiByKey } from '../../config/apis';
import { loadRecipes } from '../../src/build/recipes/load';
import { publishRecipes } from '../../src/build/recipes/publish';
import { readVendoredDocument } from '../../tests/fixtures/vendored';

/**
 * `run_recipe` as an assistant reaches it: `npm run mcp` over stdio (its own process, the SDK's client), reading a
 * site folder that holds what the build publishes, and calling an API on loopback where the local mock would be
 * (MOCK_DATA_PORT), with the key from the environment the site's samples read.
 */

const dataKey = 'mcp-stdio-recipes-key';
const match = {
  match_id: '1-9d3c2b1a-8e7f-4a6b-9c5d-4e3f2a1b0c9d',
  status: 'CANCELLED',
  version: 2,
  competition_id: 'c-1',
  teams: {},
};
const received: { method: string; url: string; authorization?: string }[] = [];
const api = createServer((request: IncomingMessage, response: ServerResponse) => {
  received.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization });
  request.resume();
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(match));
});
let site = '';
let port = 0;

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'mcp-stdio-recipes-'));
  await mkdir(path.join(site, 'openapi'), { recursive: true });
  for (const each of apis) {
    await writeFile(path.join(site, 'openapi', `${each.id}.json`), JSON.stringify(readVendoredDocument(each.key)));
  }
  await publishRecipes(loadRecipes(process.cwd(), apis), site);
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  port = (api.address() as AddressInfo).port;
});
afterAll(async () => {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
  await rm(site, { recursive: true, force: true });
});

test('over stdio, run_recipe runs a recipe that reads and answers its trace', async () => {
  // The developer's own ARENA_* variables stay out: the key and the mock's port are the test's.
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^ARENA_/.test(name)) env[name] = value;
  }
  const data = apiByKey('data');
  Object.assign(env, { [data.credential.variable]: dataKey, [data.mock.portVariable]: String(port) });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', path.resolve('tools/mcp/main.ts'), '--site', site],
    env,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const result = (await client.callTool({
      name: 'run_recipe',
      arguments: {
        recipe: 'webhook-fetch-object',
        inputs: { event: 'match_status_cancelled', event_id: 'e-1', payload: { match_id: match.match_id } },
      },
    })) as CallToolResult;
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(result.isError, text).toBeFalsy();
    expect(result.structuredContent).toEqual({
      recipe: 'webhook-fetch-object',
      workflow: 'matchEventFetchMatch',
      status: 'succeeded',
      steps: 1,
      outputs: { matchId: match.match_id, status: 'CANCELLED', version: 2 },
    });
    expect(text).toMatch(/^# From a webhook delivery to the whole object: `matchEventFetchMatch`/);
    expect(text).toContain('## 1. `match`');
    expect(text).toContain(`GET http://127.0.0.1:${port}/matches/${match.match_id}`);
    expect(received).toEqual([
      { method: 'GET', url: `/matches/${match.match_id}`, authorization: `Bearer ${dataKey}` },
    ]);
    expect(text).not.toContain(dataKey);
  } finally {
    await client.close();
  }
});
