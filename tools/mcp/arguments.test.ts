import { describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { apiDescription, namesList } from './arguments';
import type { McpApi } from './context';
import { createPortalServer } from './server';

/** The server's APIs, as config/apis.ts would give them through the CLI, with a third beside data and chat. */
const apis: McpApi[] = [
  ['data', 'data-v4', 'Data API'],
  ['chat', 'chat-v1', 'Chat API'],
  ['odds', 'odds-v2', 'Odds API'],
].map(([key, id, title]) => ({
  key,
  id,
  title,
  linkBase: `/docs/${key}-api`,
  credentialVariable: 'ARENA_API_KEY',
  baseUrlVariable: `ARENA_${key.toUpperCase()}_API_URL`,
  trustedOrigins: ['http://127.0.0.1:4010'],
  mockUrl: 'http://127.0.0.1:4010',
}));

describe('names of the APIs come from the registry, not from this folder', () => {
  test.each([
    [['data'], '`data`'],
    [['data', 'chat'], '`data` or `chat`'],
    [['data', 'chat', 'odds'], '`data`, `chat` or `odds`'],
  ])('%j reads %s', (names, sentence) => {
    expect(namesList(names)).toBe(sentence);
  });

  test('the API argument names every key and document id', () => {
    expect(apiDescription(apis)).toBe(
      'The API: its short name (`data`, `chat`, `odds`) or document id (`data-v4`, `chat-v1`, `odds-v2`)',
    );
  });

  test("a third API appears in the tools' and the prompt's arguments", async () => {
    const server = createPortalServer({
      name: 'test',
      source: {
        siteUrl: 'https://portal.example',
        text: () => Promise.reject(new Error('unread')),
        bytes: () => Promise.reject(new Error('unread')),
      },
      apis,
      env: {},
    });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const { tools } = await client.listTools();
    const described = tools.map((tool) => [
      tool.name,
      (tool.inputSchema.properties?.api as { description?: string } | undefined)?.description,
    ]);
    const apiDescription =
      'The API: its short name (`data`, `chat`, `odds`) or document id (`data-v4`, `chat-v1`, `odds-v2`)';
    // A recipe names its APIs itself: the recipe tools take no api argument.
    expect(described).toEqual([
      ['search_docs', undefined],
      ...['list_operations', 'get_operation', 'get_schema', 'get_code_sample', 'list_auth', 'call_operation'].map(
        (name) => [name, apiDescription],
      ),
      ['list_recipes', undefined],
      ['run_recipe', undefined],
      ['get_changelog', apiDescription],
    ]);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.arguments)).toEqual([
      [{ name: 'api', description: 'The API: `data`, `chat` or `odds`', required: true }],
    ]);
    await client.close();
  });
});
