import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../core/openapi/document';
import { diffDocuments, formatDiff, hasDifferences } from './diff';

const limit = (maximum: number, def: number) => ({
  name: 'limit',
  in: 'query',
  schema: { type: 'integer', minimum: 1, maximum, default: def },
});

function doc(paths: JsonObject, schemas: JsonObject = { Game: {} }): JsonObject {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas } };
}

const before = doc({
  '/games': { get: { parameters: [limit(100, 20)], responses: { '200': {}, '404': {} } } },
  '/hubs': {
    get: {
      parameters: [{ name: 'type', in: 'query', schema: { type: 'string', enum: ['a', 'b'] } }],
      responses: { '200': {} },
    },
  },
  '/old': { get: { responses: { '200': {} } } },
});

describe('diffDocuments', () => {
  test('finds nothing between a document and itself', () => {
    const diff = diffDocuments(before, before);
    expect(hasDifferences(diff)).toBe(false);
    expect(diff).toEqual({ addedOperations: [], removedOperations: [], changes: [] });
  });

  test('reports operations, parameters, limits, enums, responses and schemas, flagging breaking ones', () => {
    const after = doc(
      {
        '/games': {
          get: {
            parameters: [limit(50, 10), { name: 'region', in: 'query', required: true, schema: { type: 'string' } }],
            responses: { '200': {} },
            deprecated: true,
          },
        },
        '/hubs': {
          get: {
            parameters: [{ name: 'type', in: 'query', schema: { type: 'string', enum: ['a'] } }],
            responses: { '200': {} },
          },
        },
        '/new': { get: { responses: { '200': {} } } },
      },
      { Player: {} },
    );
    const diff = diffDocuments(before, after);
    expect(diff.addedOperations).toEqual(['GET /new']);
    expect(diff.removedOperations).toEqual(['GET /old']);
    const summary = diff.changes.map(({ where, what, breaking }) => ({ where, what, breaking }));
    expect(summary).toEqual([
      { where: 'GET /old', what: 'operation removed', breaking: true },
      { where: 'GET /games', what: 'limit maximum: 100 -> 50', breaking: true },
      { where: 'GET /games', what: 'limit default: 20 -> 10', breaking: false },
      { where: 'GET /games', what: 'parameter region added (required)', breaking: true },
      { where: 'GET /games', what: 'deprecated', breaking: false },
      { where: 'GET /games', what: 'response 404 removed', breaking: false },
      { where: 'GET /hubs', what: 'type enum: "a", "b" -> "a"', breaking: true },
      { where: 'schema Game', what: 'removed', breaking: true },
      { where: 'schema Player', what: 'added', breaking: false },
    ]);
    expect(formatDiff('data-v4', diff)).toContain('! BREAKING GET /games: limit maximum: 100 -> 50');
    expect(formatDiff('data-v4', diff)).toContain('5 breaking change(s)');
  });

  test('a raised maximum or a parameter made optional is not breaking', () => {
    const after = doc({
      '/games': { get: { parameters: [limit(200, 20)], responses: { '200': {}, '404': {} } } },
      '/hubs': {
        get: {
          parameters: [{ name: 'type', in: 'query', schema: { type: 'string', enum: ['a', 'b'] } }],
          responses: { '200': {} },
        },
      },
      '/old': { get: { responses: { '200': {} } } },
    });
    expect(diffDocuments(before, after).changes).toEqual([
      {
        where: 'GET /games',
        operation: 'GET /games',
        parameter: 'limit',
        what: 'limit maximum: 100 -> 200',
        breaking: false,
      },
    ]);
  });

  test("reports a schema's fields added, removed, reshaped and deprecated, through allOf, with their location", () => {
    const list = (item: string) => ({ type: 'array', items: { $ref: `#/components/schemas/${item}` } });
    const schemas = (player: JsonObject, item = 'Player'): JsonObject => ({
      Player: player,
      PlayerList: { allOf: [{ properties: { start: { type: 'integer' } } }, { properties: { items: list(item) } }] },
    });
    const old = doc(
      {},
      schemas({ properties: { a: { type: 'integer' }, b: { type: 'string' }, c: { type: 'string' } } }),
    );
    const changed = doc(
      {},
      schemas(
        {
          properties: {
            a: { type: 'string', format: 'date-time' },
            c: { type: 'string', deprecated: true },
            d: { type: 'array', items: { $ref: '#/components/schemas/Game' } },
          },
        },
        'Game',
      ),
    );
    const player = diffDocuments(old, changed).changes.filter((change) => change.schema === 'Player');
    expect(player).toEqual([
      { where: 'schema Player', schema: 'Player', field: 'a', what: 'field a: integer -> date-time', breaking: true },
      { where: 'schema Player', schema: 'Player', field: 'c', what: 'field c deprecated', breaking: false },
      { where: 'schema Player', schema: 'Player', field: 'd', what: 'field d added', breaking: false },
      { where: 'schema Player', schema: 'Player', field: 'b', what: 'field b removed', breaking: true },
    ]);
    expect(diffDocuments(old, changed).changes).toContainEqual({
      where: 'schema PlayerList',
      schema: 'PlayerList',
      field: 'items',
      what: 'field items: array of Player -> array of Game',
      breaking: true,
    });
  });

  test('a response body that names another schema is breaking, and says which', () => {
    const body = (name: string): JsonObject => ({
      '/games': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
          },
        },
      },
    });
    expect(diffDocuments(doc(body('Game')), doc(body('GameList'))).changes[0]).toEqual({
      where: 'GET /games',
      operation: 'GET /games',
      response: '200',
      what: 'response 200 body: Game -> GameList',
      breaking: true,
    });
  });
});

describe('request bodies', () => {
  const post = (body: JsonObject | undefined) => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/messages': { post: { ...(body ? { requestBody: body } : {}), responses: { '200': {} } } } },
    components: {
      schemas: {
        Message: {
          type: 'object',
          required: ['body'],
          properties: { body: { type: 'string', maxLength: 100 }, tag: { type: 'string' } },
        },
      },
    },
  });
  const json = (schema: JsonObject, required = false) => ({
    required,
    content: { 'application/json': { schema } },
  });
  const message = json({ $ref: '#/components/schemas/Message' }, true);
  const changes = (before: JsonObject | undefined, after: JsonObject | undefined) =>
    diffDocuments(post(before), post(after)).changes.map((change) => [change.what, change.breaking]);

  test.each([
    [
      'a required field added is breaking',
      json({ type: 'object', properties: { a: { type: 'string' } } }),
      json({ type: 'object', required: ['a', 'b'], properties: { a: { type: 'string' }, b: { type: 'string' } } }),
      [
        ['request body field a now required', true],
        ['request body field b added (required)', true],
      ],
    ],
    [
      'an optional field added is not',
      json({ type: 'object', properties: {} }),
      json({ type: 'object', properties: { c: { type: 'string' } } }),
      [['request body field c added', false]],
    ],
    [
      'a field removed is breaking',
      json({ type: 'object', properties: { c: { type: 'string' } } }),
      json({ type: 'object', properties: {} }),
      [['request body field c removed', true]],
    ],
    [
      'a field that changes type is breaking',
      json({ type: 'object', properties: { c: { type: 'string' } } }),
      json({ type: 'object', properties: { c: { type: 'integer' } } }),
      [['request body field c: string -> integer', true]],
    ],
    [
      'a required body added is breaking, an optional one not',
      undefined,
      json({ type: 'object' }, true),
      [['request body added (required)', true]],
    ],
    ['an optional body added is not breaking', undefined, json({ type: 'object' }), [['request body added', false]]],
    ['a body removed is breaking', json({ type: 'object' }), undefined, [['request body removed', true]]],
    [
      'a body made required is breaking',
      json({ type: 'object' }),
      json({ type: 'object' }, true),
      [['request body now required', true]],
    ],
  ] as const)('%s', (_title, before, after, expected) => {
    expect(changes(before as JsonObject | undefined, after as JsonObject | undefined)).toEqual(expected);
  });

  test("a field's limit narrowed through a $ref is breaking, and the change names no parameter", () => {
    const narrower = post(message);
    ((narrower.components.schemas.Message.properties as JsonObject).body as JsonObject).maxLength = 50;
    const diff = diffDocuments(post(message), narrower);
    expect(diff.changes).toContainEqual({
      where: 'POST /messages',
      operation: 'POST /messages',
      what: 'request body field body maxLength: 100 -> 50',
      breaking: true,
    });
  });
});
