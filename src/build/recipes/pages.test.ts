import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { apis } from '../../../config/apis';
import { parseDocumentText } from '../../core/openapi/parse';
import type { JsonObject } from '../../core/openapi/document';
import { loadRecipes } from './load';
import { recipePage } from './pages';
import { recipes as options } from '../siteOptions';

const root = path.resolve(__dirname, '../../..');
const vendored = () =>
  new Map(apis.map((api) => [api.id, parseDocumentText(readFileSync(path.join(root, api.vendored), 'utf8'))]));
const recipe = (slug: string) => {
  const found = loadRecipes(root, options.apis).find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no recipe ${slug}`);
  return found;
};
const chatScheme = (document: JsonObject) =>
  ((document.components as JsonObject).securitySchemes as JsonObject).OAuth2 as JsonObject;

test("a token input of an OAuth2 scheme carries the scheme for the runner's sign-in, with the calls' scopes", () => {
  const documents = vendored();
  const chat = apis.find((api) => api.key === 'chat')!;
  const flows = chatScheme(documents.get(chat.id)!).flows as JsonObject;
  const code = flows.authorizationCode as JsonObject;
  const page = recipePage(recipe('chat-bot-post'), documents, options.apis);
  const [token, ...others] = page.workflows[0].inputs.filter((input) => input.secret);
  expect(others).toEqual([]);
  expect(token.name).toBe('accessToken');
  expect(token.signIn).toMatchObject({
    name: 'OAuth2',
    authorizationCode: { authorizationUrl: code.authorizationUrl, tokenUrl: code.tokenUrl },
    scopes: [],
  });
  expect(page.workflows[0].inputs.filter((input) => !input.secret).every((input) => !input.signIn)).toBe(true);
  // Scopes the calls require are asked for, each once.
  const scoped = vendored();
  const document = scoped.get(chat.id)!;
  for (const item of Object.values(document.paths as JsonObject)) {
    for (const operation of Object.values(item as JsonObject)) {
      if (typeof operation === 'object' && operation !== null && 'operationId' in operation) {
        operation.security = [{ OAuth2: ['rooms:read', operation.operationId] }];
      }
    }
  }
  const asked = recipePage(recipe('chat-bot-post'), scoped, options.apis).workflows[0].inputs[0].signIn?.scopes ?? [];
  expect(asked[0]).toBe('rooms:read');
  expect(asked.filter((scope) => scope === 'rooms:read')).toHaveLength(1);
  expect(asked.length).toBeGreaterThan(2);
});

test('an API key input has no sign-in, and each API names the server a production run sends to', () => {
  const documents = vendored();
  const page = recipePage(recipe('match-statistics'), documents, options.apis);
  expect(page.workflows[0].inputs.find((input) => input.secret)).toMatchObject({ name: 'apiKey' });
  expect(page.workflows[0].inputs.some((input) => input.signIn)).toBe(false);
  const data = apis.find((api) => api.key === 'data')!;
  const servers = documents.get(data.id)!.servers as { url: string }[];
  expect(page.apis.data.productionUrl).toBe(servers.find((server) => server.url.startsWith('https://'))?.url);
  // A document naming no server on the API's own hosts gives none: the runner then offers the mock only.
  documents.set(data.id, { ...documents.get(data.id)!, servers: [{ url: 'https://elsewhere.example/v4' }] });
  expect(recipePage(recipe('match-statistics'), documents, options.apis).apis.data.productionUrl).toBeUndefined();
});
