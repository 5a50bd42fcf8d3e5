import { describe, expect, test } from 'vitest';
import { getOperation, listOperations, type JsonObject } from '../document';
import { readVendoredDocument } from '../../../../tests/fixtures/vendored';
import {
  documentSlugs,
  operationPageNamesIn,
  reservedPagesKey,
  kebabCase,
  operationView,
  operationViews,
  referencedSchemas,
  schemaNode,
  schemaViews,
  type SchemaNode,
} from './';

const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');

describe('kebabCase', () => {
  test.each([
    ['getChampionships', 'get-championships'],
    ['getPlayerGameStats', 'get-player-game-stats'],
    ['getHTTPStatus', 'get-http-status'],
    ['../../etc/passwd', 'etc-passwd'],
    ['<script>', 'script'],
  ])('%s → %s', (input, expected) => expect(kebabCase(input)).toBe(expected));
});

describe('operationView', () => {
  test('there is one view per operation, each with a unique slug', () => {
    const views = operationViews(data, 'data-v4');
    expect(views).toHaveLength(listOperations(data).length);
    expect(new Set(views.map((view) => view.slug)).size).toBe(views.length);
  });

  test('carries every parameter with its limits, default and required flag as the document states them', () => {
    const view = operationView(data, 'data-v4', getOperation(data, '/players/{player_id}/history'));
    const limits = view.parameters.map(({ name, required, minimum, maximum, default: fallback }) => ({
      name,
      required,
      minimum,
      maximum,
      default: fallback,
    }));
    // data-v4.yaml's PlayerId, GameRequired, HistoryFrom, HistoryTo, Offset1000 and Limit100Default20.
    expect(limits).toEqual([
      { name: 'player_id', required: true, minimum: undefined, maximum: undefined, default: undefined },
      { name: 'game', required: true, minimum: undefined, maximum: undefined, default: undefined },
      { name: 'from', required: false, minimum: 0, maximum: undefined, default: undefined },
      { name: 'to', required: false, minimum: 0, maximum: undefined, default: undefined },
      { name: 'offset', required: false, minimum: 0, maximum: 1000, default: 0 },
      { name: 'limit', required: false, minimum: 1, maximum: 100, default: 20 },
    ]);
  });

  test('a path parameter is required even where its document leaves `required` out', () => {
    const document: JsonObject = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/rooms/{room_id}': {
          get: {
            parameters: [{ name: 'room_id', in: 'path', schema: { type: 'string' } }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    };
    const [view] = operationViews(document, 'x');
    expect(view.parameters.map(({ name, required }) => [name, required])).toEqual([['room_id', true]]);
  });

  test('reads a comma-separated array of enumerated values', () => {
    const view = operationView(data, 'data-v4', getOperation(data, '/championships/{championship_id}'));
    const expanded = view.parameters.find((parameter) => parameter.name === 'expanded');
    expect(expanded).toMatchObject({
      baseType: 'array',
      itemsType: 'string',
      explode: false,
      uniqueItems: true,
      itemsEnum: ['organizer', 'game'],
      type: 'array of string',
    });
  });

  test('a list response shows the envelope and links its entries to their schema', () => {
    const view = operationView(data, 'data-v4', getOperation(data, '/championships'));
    const ok = view.responses.find((response) => response.status === '200');
    const fields = ok?.contents[0].schema?.children?.map((child) => [child.name, child.type, child.schemaName]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['start', 'integer', undefined],
        ['end', 'integer', undefined],
        ['items', 'array of Championship', 'Championship'],
      ]),
    );
    expect(ok?.contents[0].example).toBeDefined();
    expect(view.responses.map((response) => response.status)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '429', '503', 'default']),
    );
  });

  test('a POST shows both media types of its body, with their examples', () => {
    const view = operationView(chat, 'chat-v1', getOperation(chat, '/rooms/{room_id}/messages', 'post'));
    expect(view.requestBody?.required).toBe(true);
    expect(view.requestBody?.contents.map((content) => content.contentType)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    const body = view.requestBody?.contents[0].schema?.children?.find((child) => child.name === 'body');
    expect(body).toMatchObject({ required: true, maxLength: 10000, type: 'string' });
    expect(view.security).toEqual([expect.objectContaining({ name: 'OAuth2', credential: 'OAuth2 access token' })]);
  });

  test('the Data API is secured by an API key and served from its production server', () => {
    const view = operationView(data, 'data-v4', getOperation(data, '/games'));
    expect(view.security).toEqual([expect.objectContaining({ name: 'ApiKey', credential: 'API key' })]);
    expect(view.servers).toEqual([{ url: 'https://open.arena.example/data/v4', description: 'Production' }]);
  });

  test('an OAuth2 scheme carries its authorization code flow, the token URL refreshing when no refresh URL is named; unusable URLs and scopes are left out', () => {
    const chatView = operationView(chat, 'chat-v1', getOperation(chat, '/rooms/{room_id}/messages', 'post'));
    expect(chatView.security[0].authorizationCode).toEqual({
      authorizationUrl: 'https://open.arena.example/oauth/authorize',
      tokenUrl: 'https://open.arena.example/oauth/token',
      refreshUrl: 'https://open.arena.example/oauth/token',
      scopes: {},
    });
    const flows = (authorizationUrl: string, scopes: Record<string, string> = {}) => ({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/x': { get: { security: [{ O: [] }], responses: { 200: { description: 'ok' } } } } },
      components: {
        securitySchemes: {
          O: {
            type: 'oauth2',
            flows: { authorizationCode: { authorizationUrl, tokenUrl: 'https://a.example/t', scopes } },
          },
        },
      },
    });
    const flowOf = (document: JsonObject) =>
      operationView(document, 'x', getOperation(document, '/x')).security[0].authorizationCode;
    expect(flowOf(flows('/relative/authorize'))).toBeUndefined();
    expect(flowOf(flows('javascript:alert(1)'))).toBeUndefined();
    expect(flowOf(flows('https://user:secret@a.example/authorize'))).toBeUndefined();
    expect(
      flowOf(flows('https://a.example/authorize', { read: 'Read', 'bad scope': 'x', 'q"uote': 'y' }))?.scopes,
    ).toEqual({
      read: 'Read',
    });
  });

  test('an OAuth2 scheme carries its client credentials flow beside the authorization code one; without a token URL, none', () => {
    const document = (clientCredentials: JsonObject) => ({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/x': { get: { security: [{ O: [] }], responses: { 200: { description: 'ok' } } } } },
      components: { securitySchemes: { O: { type: 'oauth2', flows: { clientCredentials } } } },
    });
    const schemeOf = (flow: JsonObject) => {
      const built = document(flow);
      return operationView(built, 'x', getOperation(built, '/x')).security[0];
    };
    expect(schemeOf({ tokenUrl: 'https://a.example/token', scopes: { read: 'Read' } })).toMatchObject({
      clientCredentials: {
        tokenUrl: 'https://a.example/token',
        refreshUrl: 'https://a.example/token',
        scopes: { read: 'Read' },
      },
    });
    expect(schemeOf({ tokenUrl: 'https://a.example/token', scopes: {} }).authorizationCode).toBeUndefined();
    expect(schemeOf({ tokenUrl: 'ftp://a.example/token', scopes: {} }).clientCredentials).toBeUndefined();
  });

  test('a deprecated operation says so', () => {
    expect(operationView(data, 'data-v4', getOperation(data, '/tournaments')).deprecated).toBe(true);
  });
});

describe('schemaNode', () => {
  test('stops at named schemas and ends reference cycles', () => {
    const document: JsonObject = {
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: { next: { $ref: '#/components/schemas/Node' }, value: { type: 'integer' } },
          },
        },
      },
    };
    const node = schemaNode(document, { $ref: '#/components/schemas/Node' }, { expand: true });
    expect(node.children).toEqual([
      expect.objectContaining({ name: 'next', type: 'Node', schemaName: 'Node' }),
      expect.objectContaining({ name: 'value', type: 'integer' }),
    ]);
    expect(node.children?.[0].children).toBeUndefined();
  });

  test('shows a map of objects as one entry of its value', () => {
    const node = schemaNode(data, { $ref: '#/components/schemas/Match' }, { expand: true });
    const teams = node.children?.find((child) => child.name === 'teams');
    expect(teams?.type).toMatch(/^map of /);
  });
});

describe('schemaViews', () => {
  test('there is a page for every schema, entities no operation returns included', () => {
    const views = schemaViews(data, 'data-v4');
    const names = views.map((view) => view.name);
    expect(names).toEqual(Object.keys((data.components as JsonObject).schemas as JsonObject));
    for (const name of ['Item', 'Order', 'Placement', 'SpacePlayer']) {
      expect(names).toContain(name);
    }
  });

  test('a schema page lists the operations that use it', () => {
    const championship = schemaViews(data, 'data-v4').find((view) => view.name === 'Championship');
    expect(championship?.usedBy.map((use) => use.path)).toEqual(
      expect.arrayContaining(['/championships', '/championships/{championship_id}']),
    );
  });

  test('a reference into the middle of a schema that leads back to itself ends, and deep nesting does not overflow', () => {
    // Azure's application gateway document does both; the walk once recursed until the stack ran out.
    let deep: JsonObject = { $ref: '#/components/schemas/Leaf' };
    for (let depth = 0; depth < 20_000; depth += 1) deep = { type: 'object', properties: { next: deep } };
    const document: JsonObject = {
      openapi: '3.0.3',
      info: { title: 'Cycles', version: '1' },
      paths: {
        '/nodes': {
          get: {
            operationId: 'listNodes',
            responses: {
              '200': {
                description: 'OK',
                content: {
                  'application/json': {
                    schema: { $ref: '#/components/responses/Loop/content/application~1json/schema' },
                  },
                },
              },
              '201': { description: 'Deep', content: { 'application/json': { schema: deep } } },
            },
          },
        },
      },
      components: {
        responses: {
          Loop: {
            description: 'Refers to itself',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    again: { $ref: '#/components/responses/Loop/content/application~1json/schema' },
                    node: { $ref: '#/components/schemas/Node' },
                  },
                },
              },
            },
          },
        },
        schemas: {
          Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } },
          Leaf: { type: 'string' },
          Unused: { type: 'string' },
        },
      },
    };
    const views = schemaViews(document, 'cycles');
    const usedBy = (name: string) => views.find((view) => view.name === name)?.usedBy.map((use) => use.path);
    expect(usedBy('Node')).toEqual(['/nodes']);
    expect(usedBy('Leaf')).toEqual(['/nodes']);
    expect(usedBy('Unused')).toEqual([]);
  });
});

describe('a schema used by many calls', () => {
  // 60 calls; each returns an Envelope, which holds an Item, which holds a Tag; the last 10 also take a Tag.
  const json = (name: string) => ({
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
  });
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'Many', version: '1' },
    paths: Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [
        `/items${index}`,
        {
          [index < 50 ? 'get' : 'post']: {
            operationId: `call${index}`,
            ...(index < 50 ? {} : { requestBody: json('Tag') }),
            responses: { 200: { description: 'ok', ...json('Envelope') } },
          },
        },
      ]),
    ),
    components: {
      schemas: {
        Envelope: {
          type: 'object',
          properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
        },
        Item: { type: 'object', properties: { tag: { $ref: '#/components/schemas/Tag' } } },
        Tag: { type: 'string' },
        Unused: { type: 'string' },
      },
    },
  };

  test('its page lists the first 50 users in the document order and counts them all', () => {
    const views = schemaViews(document, 'many');
    const tag = views.find((view) => view.name === 'Tag');
    expect(tag?.usedByCount).toBe(60);
    expect(tag?.usedBy).toHaveLength(50);
    expect(tag?.usedBy[0]).toEqual({ slug: 'call0', method: 'get', path: '/items0', summary: '' });
    expect(tag?.usedBy[49]?.path).toBe('/items49');
    expect(views.find((view) => view.name === 'Unused')).toMatchObject({ usedBy: [], usedByCount: 0 });
  });

  test('a schema reached through two others is used by every call that reaches it', () => {
    const views = schemaViews(document, 'many');
    expect(views.map((view) => [view.name, view.usedByCount])).toEqual([
      ['Envelope', 60],
      ['Item', 60],
      ['Tag', 60],
      ['Unused', 0],
    ]);
  });
});

describe('referencedSchemas', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {},
    components: {
      schemas: {
        Page: {
          type: 'object',
          properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
        },
        Node: {
          type: 'object',
          properties: { next: { $ref: '#/components/schemas/Node' }, leaf: { $ref: '#/components/schemas/Leaf' } },
        },
        Leaf: { type: 'object', properties: { value: { type: 'string' } } },
        Unused: { type: 'object', properties: { x: { type: 'string' } } },
      },
    },
  };

  test('carries every named schema reached from the roots once, cycles included, and nothing else', () => {
    const root = schemaNode(document, { $ref: '#/components/schemas/Page' }, { expand: true });
    const schemas = referencedSchemas(document, [root]);
    expect(Object.keys(schemas).sort()).toEqual(['Leaf', 'Node']);
    expect(schemas.Node.children?.map((child) => child.name)).toEqual(['next', 'leaf']);
  });

  test('a root that is an array of a named schema brings that schema', () => {
    const root = schemaNode(
      document,
      { type: 'array', items: { $ref: '#/components/schemas/Leaf' } },
      { expand: true },
    );
    expect(Object.keys(referencedSchemas(document, [root]))).toEqual(['Leaf']);
  });
});

describe('schemaNode on the shapes real documents use', () => {
  const document: JsonObject = {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: {},
    components: {
      schemas: {
        // A tree whose children are described references (OpenAPI 3.0's lone `allOf`), as in
        // amazonaws.com/amplifyuibuilder: expanding it used to recurse until the stack ran out.
        Component: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { allOf: [{ $ref: '#/components/schemas/Component' }] } },
            parent: { allOf: [{ $ref: '#/components/schemas/Component' }], description: 'The parent.' },
            inline: {
              type: 'object',
              properties: { again: { allOf: [{ $ref: '#/components/schemas/Component' }, { type: 'object' }] } },
            },
          },
        },
        'Pet/Cat': { type: 'object', properties: { meows: { type: 'boolean' } } },
        'Pet Dog': { type: 'object', properties: { barks: { type: 'boolean' } } },
        Pet: {
          oneOf: [{ $ref: '#/components/schemas/Pet~1Cat' }, { $ref: '#/components/schemas/Pet%20Dog' }],
          discriminator: { propertyName: 'kind' },
        },
        Id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        // A pointer into another schema's property, as codat.io's documents write them.
        Order: { type: 'object', properties: { created: { $ref: '#/components/schemas/Pet~1Cat/properties/meows' } } },
        Grid: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
        Shape: {
          anyOf: [
            { title: 'Circle', type: 'object', properties: { radius: { type: 'number' } } },
            { type: 'object', properties: { side: { type: 'number' } } },
          ],
        },
      },
    },
  };
  const raw = (name: string) => ((document.components as JsonObject).schemas as JsonObject)[name];
  const node = (name: string) =>
    schemaNode(document, { $ref: `#/components/schemas/${name.replaceAll('/', '~1')}` }, { expand: true });

  test('a schema that refers to itself through allOf ends, each self-reference shown by name', () => {
    const tree = node('Component');
    const byName = Object.fromEntries(
      (tree.children ?? []).map((child): [string, SchemaNode] => [child.name ?? '', child]),
    );
    expect(byName.children).toMatchObject({ type: 'array of Component', schemaName: 'Component' });
    expect(byName.children.children).toBeUndefined();
    expect(byName.parent).toMatchObject({ type: 'Component', description: 'The parent.' });
    // An allOf that merges more than the reference closes the cycle too, shown as the schema it reopens.
    const again = byName.inline.children?.[0];
    expect(again).toMatchObject({ name: 'again', type: 'Component', schemaSlug: 'schemas/component' });
    expect(again?.children).toBeUndefined();
    // Opened from anywhere else, the same allOf expands.
    const outside = schemaNode(document, ((raw('Component') as JsonObject).properties as JsonObject).inline, {
      expand: true,
    });
    expect(outside.children?.[0].children?.map((child) => child.name)).toEqual([
      'name',
      'children',
      'parent',
      'inline',
    ]);
  });

  test('oneOf with a discriminator lists its shapes by name, pointer escapes and percent-encoding decoded', () => {
    const pet = node('Pet');
    expect(pet.type).toBe('Pet');
    expect(pet.variants).toMatchObject({ kind: 'oneOf', discriminator: 'kind' });
    expect(pet.variants?.options.map((option) => [option.name, option.schemaName, option.schemaSlug])).toEqual([
      ['Pet/Cat', 'Pet/Cat', 'schemas/pet-cat'],
      ['Pet Dog', 'Pet Dog', 'schemas/pet-dog'],
    ]);
  });

  test('an anyOf of scalars is labelled by its types; inline shapes are expanded under their title', () => {
    const id = schemaNode(document, raw('Id'));
    expect(id.type).toBe('string | integer');
    const shape = node('Shape');
    expect(shape.variants?.options.map((option) => option.name)).toEqual(['Circle', 'Option 2']);
    expect(shape.variants?.options[1].children?.map((child) => child.name)).toEqual(['side']);
  });

  test('a reference into a schema is that part, not a schema of its own', () => {
    expect(node('Order').children?.[0]).toMatchObject({ name: 'created', type: 'boolean' });
    expect(node('Order').children?.[0].schemaName).toBeUndefined();
  });

  test('an array of arrays is labelled to the bottom', () => {
    expect(schemaNode(document, raw('Grid')).type).toBe('array of array of integer');
  });
});

describe('a document from elsewhere', () => {
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    servers: [
      {
        url: 'https://api.example/bot{token}',
        variables: { token: { default: 'TOKEN', description: 'Your bot token' } },
      },
      { url: 'https://x.example/$(touch pwned)' },
      { url: 'https://{region}.example/v1' },
    ],
    paths: {
      '/b': {
        servers: [{ url: 'https://path.example/{v}', variables: { v: { default: 'v2', enum: ['v2', 'v3'] } } }],
        get: { responses: { 200: { description: 'ok' } } },
        put: { servers: [{ url: 'https://own.example' }], responses: { 200: { description: 'ok' } } },
      },
      '/a': {
        get: {
          parameters: [
            { name: 'Authorization', in: 'header', schema: { type: 'string' } },
            { name: 'accept', in: 'header', schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          ],
          responses: { 200: { description: 'ok' } },
        },
      },
    },
  };
  const view = operationView(document, 'x', getOperation(document, '/a'));

  test('servers have their variables filled with defaults; one that would carry code or has no default is left out', () => {
    expect(view.servers).toEqual([
      {
        url: 'https://api.example/botTOKEN',
        description: '',
        template: 'https://api.example/bot{token}',
        variables: [{ name: 'token', default: 'TOKEN', description: 'Your bot token' }],
      },
    ]);
  });

  test("relative servers of a document read from a file are named as on the API's own host, a hostile one left out", () => {
    const relative: JsonObject = {
      ...document,
      servers: [{ url: '/api/v2' }, { url: '/x" onclick="y' }],
    };
    const hostless = operationView(relative, 'x', getOperation(relative, '/a'));
    expect(hostless.servers).toEqual([]);
    expect(hostless.hostlessServers).toEqual(['/api/v2']);
    expect(view.hostlessServers).toBeUndefined();
  });

  test("a path's servers override the document's, and an operation's override its path's", () => {
    const onPath = operationView(document, 'x', getOperation(document, '/b'));
    expect(onPath.servers.map((server) => server.template ?? server.url)).toEqual(['https://path.example/{v}']);
    expect(onPath.servers[0].variables?.[0].enum).toEqual(['v2', 'v3']);
    const own = operationView(document, 'x', getOperation(document, '/b', 'put'));
    expect(own.servers.map((server) => server.url)).toEqual(['https://own.example']);
  });

  test('header parameters named Authorization, Accept or Content-Type are ignored, as OpenAPI says', () => {
    expect(view.parameters.map((parameter) => parameter.name)).toEqual(['X-Trace']);
  });
});

test("a call named like one of the portal's own pages gets the next free name, and the log says why", () => {
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    [reservedPagesKey]: ['data'],
    paths: {
      '/changes': { get: { operationId: 'changelog', responses: { 200: { description: 'ok' } } } },
      '/v1/index': { post: { responses: { 200: { description: 'ok' } } } },
      '/all': { get: { operationId: 'schemas', responses: { 200: { description: 'ok' } } } },
      '/data': { get: { operationId: 'data', responses: { 200: { description: 'ok' } } } },
      '/games': { get: { operationId: 'listGames', responses: { 200: { description: 'ok' } } } },
    },
  };
  expect(operationViews(document, 'x').map((view) => view.slug)).toEqual([
    'changelog-2',
    'post-v1-index',
    'schemas-2',
    'data-2',
    'list-games',
  ]);
  expect(documentSlugs(document).problems).toEqual([
    'operation GET /changes would have the page name "changelog", which the portal keeps for a page of its own; it gets "changelog-2"',
    'operation GET /all would have the page name "schemas", which the portal keeps for a page of its own; it gets "schemas-2"',
    'operation GET /data would have the page name "data", which the portal keeps for a page of its own; it gets "data-2"',
  ]);
  // Without the document's own list, an overview's name is a name like any other.
  expect(operationPageNamesIn(document, ['data', 'chat'])).toEqual(['data']);
});

test('a name longer than a page name may be is cut at a dash, kept unique, and the log says so (Microsoft Graph beta)', () => {
  // Graph beta's longest operationId, which stopped the build: its page's file name passed 255 bytes.
  const longest =
    'identityGovernance.entitlementManagement.accessPackageAssignments.accessPackage.accessPackageResourceRoleScopes.' +
    'accessPackageResourceRole.accessPackageResource.accessPackageResourceScopes.accessPackageResource.' +
    'GetAccessPackageResourceEnvironment';
  const ok = { 200: { description: 'ok' } };
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    paths: {
      '/a': { get: { operationId: longest, responses: ok } },
      '/b': { get: { operationId: `${longest}2`, responses: ok } },
      '/c': { get: { operationId: 'x'.repeat(400), responses: ok } },
    },
    components: { schemas: { [`microsoft.graph.${'y'.repeat(300)}`]: { type: 'object' } } },
  };
  const first =
    'identity-governance-entitlement-management-access-package-assignments-access-package-access-package-resource-' +
    'role-scopes-access-package-resource-role';
  expect(first.length).toBeLessThanOrEqual(150);
  expect(operationViews(document, 'x').map((view) => view.slug)).toEqual([first, `${first}-2`, 'x'.repeat(150)]);
  // Its last dash within the limit would keep a tenth of it: cut at the limit instead.
  expect(schemaViews(document, 'x').map((view) => view.slug)).toEqual([
    `schemas/microsoft-graph-${'y'.repeat(150 - 'microsoft-graph-'.length)}`,
  ]);
  const problems = documentSlugs(document).problems;
  expect(problems[0]).toBe(
    `operation GET /a would have a page name of 268 characters, longer than a page name may be (150); it gets "${first}"`,
  );
  expect(problems[1]).toContain(`it gets "${first}-2"`);
  expect(problems).toHaveLength(4);
});

test("a call of operationId index takes index-2: the API's landing page keeps its name", () => {
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    paths: { '/v1/index': { post: { operationId: 'index', responses: { 200: { description: 'ok' } } } } },
  };
  expect(operationViews(document, 'x')[0].slug).toBe('index-2');
});

test("a parameter that is where the call's credential goes is not a parameter of its own (Listen Notes' key header)", () => {
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    components: {
      securitySchemes: {
        Key: { type: 'apiKey', in: 'header', name: 'X-ListenAPI-Key' },
        Query: { type: 'apiKey', in: 'query', name: 'api_key' },
      },
    },
    security: [{ Key: [] }, { Query: [] }],
    paths: {
      '/a': {
        get: {
          parameters: [
            { name: 'x-listenapi-key', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'api_key', in: 'query', schema: { type: 'string' } },
            { name: 'api_key', in: 'header', schema: { type: 'string' } },
            { name: 'q', in: 'query', schema: { type: 'string' } },
          ],
          responses: { 200: { description: 'ok' } },
        },
      },
    },
  };
  const view = operationView(document, 'x', getOperation(document, '/a'));
  expect(view.parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
    'header api_key',
    'query q',
  ]);
});
