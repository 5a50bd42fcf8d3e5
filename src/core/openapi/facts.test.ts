import { describe, expect, test } from 'vitest';
import { listOperations, type JsonObject } from './document';
import { apiFacts } from './facts';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';

const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');

describe('apiFacts', () => {
  const facts = apiFacts(data, 'data-v4', '/docs/data-api');

  test('reads the base URL, credential and counts from the document', () => {
    expect(facts).toMatchObject({
      title: 'Data API',
      version: '4',
      baseUrl: ((data.servers as JsonObject[])[0] as { url: string }).url,
      credential: 'API key',
      operationCount: listOperations(data).length,
      schemaCount: Object.keys((data.components as JsonObject).schemas as JsonObject).length,
    });
  });

  test('lists every documented error status once', () => {
    expect(facts.errors.map((error) => error.status)).toEqual(['400', '401', '403', '404', '429', '503', 'default']);
    expect(facts.errors.find((error) => error.status === '429')?.description).toMatch(/Too many requests/);
  });

  test('lists the paging limits of every call that takes a limit, offset maximum included', () => {
    const history = facts.paging.find((fact) => fact.path === '/players/{player_id}/history');
    expect(history).toMatchObject({ limitMinimum: 1, limitMaximum: 100, limitDefault: 20, offsetMaximum: 1000 });
    const championships = facts.paging.find((fact) => fact.path === '/championships');
    expect(championships).toMatchObject({ limitMaximum: 10, limitDefault: 10, offsetMaximum: undefined });
  });

  test('groups every call under its first tag', () => {
    expect(facts.operations.flatMap((group) => group.calls)).toHaveLength(listOperations(data).length);
    expect(facts.operations[0].tag).toBe('Championships');
  });

  test('the Chat API pages its messages with a limit of 1 to 50 and no default', () => {
    const chatFacts = apiFacts(chat, 'chat-v1', '/docs/chat-api');
    expect(chatFacts.credential).toBe('OAuth2 access token');
    expect(chatFacts.bodyLimits).toEqual([
      expect.objectContaining({ method: 'post', path: '/rooms/{room_id}/messages', field: 'body', maxLength: 10000 }),
    ]);
    expect(chatFacts.paging).toEqual([
      expect.objectContaining({
        path: '/rooms/{room_id}/messages',
        limitMinimum: 1,
        limitMaximum: 50,
        limitDefault: undefined,
      }),
    ]);
  });
});
