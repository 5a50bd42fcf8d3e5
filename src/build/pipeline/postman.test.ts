import { describe, expect, test } from 'vitest';
import { apis, apiByKey } from '../../../config/apis';
import { trustedOrigins } from '../hosts';
import type { JsonObject } from '../../core/openapi/document';
import { listOperations } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { checkRequestOrigins, postmanCollection, withoutPatterns } from './postman';
import { securityDocument, securitySchemes } from '../../../tests/fixtures/securityDocument';

interface Item {
  name: string;
  item?: Item[];
  request?: { method: string; url: { raw?: string; host?: string[] }; auth?: unknown };
}

const requests = (items: Item[]): Item[] => items.flatMap((item) => (item.item ? requests(item.item) : [item]));

describe.each(apis.map((api) => [api.key, api] as const))('the %s collection', (key, api) => {
  const document = readVendoredDocument(key);
  const environment = { credentialVariable: api.credential.variable, baseUrlVariable: api.baseUrlVariable };

  test('has one request per operation, each on the base-URL variable, with the credential as a bearer variable', async () => {
    const collection = JSON.parse(await postmanCollection(document, environment, trustedOrigins(api))) as {
      item: Item[];
      variable: { key: string; value: string }[];
      auth: { type: string; bearer: { key: string; value: string }[] };
    };
    const all = requests(collection.item);
    expect(all).toHaveLength(listOperations(document).length);
    for (const item of all) expect(item.request?.url.host).toEqual([`{{${api.baseUrlVariable}}}`]);
    expect(collection.auth.type).toBe('bearer');
    expect(collection.auth.bearer).toContainEqual({
      key: 'token',
      value: `{{${api.credential.variable}}}`,
      type: 'string',
    });
    const servers = document.servers as { url: string }[];
    expect(collection.variable).toEqual([
      expect.objectContaining({ key: api.baseUrlVariable, value: servers[0].url }),
      expect.objectContaining({ key: api.credential.variable, value: '' }),
    ]);
    // The document is read, never written: the pages built after the collection see it as it was.
    expect(document).toEqual(readVendoredDocument(key));
    // The converter's own names are gone: one naming across samples and collection.
    expect(JSON.stringify(collection)).not.toMatch(/\{\{(baseUrl|bearerToken)\}\}/);
  });
});

describe('a hostile document', () => {
  const api = apiByKey('data');
  const environment = { credentialVariable: api.credential.variable, baseUrlVariable: api.baseUrlVariable };
  const hostile: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'hostile', version: '1' },
    servers: [{ url: 'https://collector.example/v4' }, { url: 'https://open.arena.example/data/v4' }],
    security: [{ key: [] }],
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/elsewhere': {
        get: {
          operationId: 'elsewhere',
          servers: [{ url: 'https://collector.example/steal' }],
          responses: { 200: { description: 'ok' } },
        },
      },
      '/echo': {
        post: {
          operationId: 'echo',
          parameters: [
            { name: 'q', in: 'query', example: `{{${api.credential.variable}}}`, schema: { type: 'string' } },
            { name: 'X-Echo', in: 'header', example: `{{${api.credential.variable}}}`, schema: { type: 'string' } },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object' },
                example: { note: `{{${api.credential.variable}}}` },
              },
            },
          },
          responses: { 200: { description: 'ok' } },
        },
      },
    },
  };

  test("sends nothing to a server off the API's hosts: the operation's goes to the base URL, whose default is trusted", async () => {
    const collection = JSON.parse(await postmanCollection(hostile, environment, trustedOrigins(api))) as {
      item: Item[];
      variable: { key: string; value: string }[];
    };
    const text = JSON.stringify(collection.item.map((item) => item.request ?? item.item));
    expect(text).not.toContain('collector');
    for (const item of requests(collection.item))
      expect(item.request?.url.host).toEqual([`{{${api.baseUrlVariable}}}`]);
    expect(collection.variable[0]).toMatchObject({ value: 'https://open.arena.example/data/v4' });
  });

  test("an example naming the collection's credential variable stays text: Postman would send the key", async () => {
    const collection = await postmanCollection(hostile, environment, trustedOrigins(api));
    const parsed = JSON.parse(collection) as { item: Item[] };
    const requestsText = JSON.stringify(requests(parsed.item).map((item) => item.request));
    // The only place the credential's variable stands is the collection's auth.
    expect(requestsText).not.toContain(`{{${api.credential.variable}}}`);
    expect(requestsText).toContain(`%7B%7B${api.credential.variable}}}`);
    const echo = requests(parsed.item).find((item) => item.name === 'echo') as unknown as {
      request: { header: { key: string; value: string; disabled?: boolean }[]; body: { raw: string } };
    };
    expect(JSON.stringify(echo.request.header)).not.toContain('{{');
    expect(JSON.parse(echo.request.body.raw)).toEqual({ note: `{{${api.credential.variable}}}` });
  });
});

describe('withoutPatterns', () => {
  test('drops every pattern keyword and keeps a property named pattern', () => {
    const schema = {
      type: 'object',
      properties: { pattern: { type: 'string', pattern: '^(a+)+$' }, name: { type: 'string', pattern: 'x' } },
      items: [{ pattern: 'y' }],
    };
    expect(withoutPatterns(schema)).toEqual({
      type: 'object',
      properties: { pattern: { type: 'string' }, name: { type: 'string' } },
      items: [{}],
    });
  });

  test("keeps a schema named pattern and an example's pattern field: only the keyword goes", () => {
    const document = {
      components: { schemas: { pattern: { type: 'string', pattern: 'x' } } },
      example: { pattern: '^a$', items: [{ pattern: 'b' }] },
      examples: { one: { value: { pattern: 'c' } } },
    };
    expect(withoutPatterns(document)).toEqual({
      components: { schemas: { pattern: { type: 'string' } } },
      example: { pattern: '^a$', items: [{ pattern: 'b' }] },
      examples: { one: { value: { pattern: 'c' } } },
    });
  });

  test('a document whose example defeats a catastrophic pattern converts at once', async () => {
    const api = apiByKey('data');
    const hostile: JsonObject = {
      openapi: '3.1.0',
      info: { title: 'patterns', version: '1' },
      servers: [{ url: 'https://open.arena.example/data/v4' }],
      paths: {
        '/p': {
          get: {
            operationId: 'p',
            parameters: [
              ...[1, 2, 3].map((index) => ({
                name: `q${index}`,
                in: 'query',
                schema: { type: 'string', pattern: `^(a+)+${index}$` },
                example: `${'a'.repeat(40)}!`,
              })),
            ],
            responses: { 200: { description: 'ok' } },
          },
        },
      },
    };
    const environment = { credentialVariable: api.credential.variable, baseUrlVariable: api.baseUrlVariable };
    const collection = JSON.parse(await postmanCollection(hostile, environment, trustedOrigins(api))) as {
      item: Item[];
    };
    expect(requests(collection.item)).toHaveLength(1);
  });
});

describe("another provider's schemes in the collection", () => {
  const environment = { credentialVariable: 'KEY', baseUrlVariable: 'BASE' };
  const withScheme = (name: keyof typeof securitySchemes): JsonObject => ({
    ...securityDocument,
    security: [{ [name]: [] }],
  });
  const auth = async (name: keyof typeof securitySchemes) =>
    JSON.parse(await postmanCollection(withScheme(name), environment, ['https://api.example.com'])) as {
      auth: { type: string } & Record<string, { key: string; value: string }[]>;
      variable: { key: string }[];
    };

  test.each([
    [
      'KeyHeader',
      'apikey',
      [
        ['key', 'X-API-Key'],
        ['value', '{{KEY}}'],
        ['in', 'header'],
      ],
    ],
    [
      'KeyQuery',
      'apikey',
      [
        ['key', 'api_key'],
        ['value', '{{KEY}}'],
        ['in', 'query'],
      ],
    ],
    [
      'KeyCookie',
      'apikey',
      [
        ['key', 'Cookie'],
        ['value', 'sessionid={{KEY}}'],
        ['in', 'header'],
      ],
    ],
    ['Bearer', 'bearer', [['token', '{{KEY}}']]],
    [
      'Basic',
      'basic',
      [
        ['username', '{{KEY_USER}}'],
        ['password', '{{KEY_PASSWORD}}'],
      ],
    ],
  ] as const)('%s: the collection authenticates as %s, where the scheme says', async (name, type, pairs) => {
    const collection = await auth(name);
    expect(collection.auth.type).toBe(type);
    expect(collection.auth[type].map(({ key, value }) => [key, value])).toEqual(pairs);
  });

  test('Basic asks for the user name and the password in variables of their own, beside the key the other calls take', async () => {
    expect((await auth('Basic')).variable.map(({ key }) => key)).toEqual(['BASE', 'KEY', 'KEY_USER', 'KEY_PASSWORD']);
  });
});

test("a call whose scheme is not the collection's carries its own, in the convention's variables; a call with none, none", async () => {
  const collection = JSON.parse(
    await postmanCollection(
      {
        ...securityDocument,
        security: [{ Bearer: [] }],
        paths: {
          ...(securityDocument.paths as JsonObject),
          '/schemes/open': { get: { operationId: 'open', security: [], responses: { '200': { description: 'OK' } } } },
        },
      },
      { credentialVariable: 'KEY', baseUrlVariable: 'BASE' },
      ['https://api.example.com'],
    ),
  ) as { auth: { type: string }; item: Item[] };
  const byPath = Object.fromEntries(
    requests(collection.item).map((item) => [
      `/${(item.request?.url as { path?: string[] }).path?.join('/')}`,
      item.request?.auth as ({ type: string } & Record<string, { key: string; value: string }[]>) | undefined,
    ]),
  );
  expect(collection.auth.type).toBe('bearer');
  // The same scheme as the collection: inherited.
  expect(byPath['/schemes/bearer']).toBeUndefined();
  expect(byPath['/schemes/header']?.apikey.map(({ key, value }) => [key, value])).toEqual([
    ['key', 'X-API-Key'],
    ['value', '{{KEY}}'],
    ['in', 'header'],
  ]);
  expect(byPath['/schemes/cookie']?.apikey.map(({ value }) => value)).toEqual([
    'Cookie',
    'sessionid={{KEY}}',
    'header',
  ]);
  expect(byPath['/schemes/basic']?.basic.map(({ value }) => value)).toEqual(['{{KEY_USER}}', '{{KEY_PASSWORD}}']);
  expect(byPath['/schemes/open']).toEqual({ type: 'noauth' });
});

describe("checkRequestOrigins: each request's joined URL stays on the base URL's origin", () => {
  // A base URL without a path: `{{base}}.evil.example/x` is then another host.
  const server = 'https://open.arena.example';
  const collection = (host: string[], path: string[], variable: { key: string; value: string }[] = []) => ({
    item: [{ item: [{ request: { method: 'GET', url: { host, path, variable } } }] }],
  });
  test('a request on the base URL, with its path values, passes', () => {
    expect(() =>
      checkRequestOrigins(
        collection(['{{ARENA_DATA_API_URL}}'], ['players', ':player_id'], [{ key: 'player_id', value: '@x' }]),
        'ARENA_DATA_API_URL',
        server,
      ),
    ).not.toThrow();
  });
  test.each([
    ['a host joined after the variable', ['{{ARENA_DATA_API_URL}}', 'evil', 'example'], ['x']],
    ['a host of its own', ['evil', 'example'], ['x']],
  ])('%s is refused, naming the request', (_, host, path) => {
    expect(() => checkRequestOrigins(collection(host, path), 'ARENA_DATA_API_URL', server)).toThrow(
      /would leave https:\/\/open\.arena\.example: no collection is written/,
    );
  });
});
