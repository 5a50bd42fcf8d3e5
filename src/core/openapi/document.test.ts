import { describe, expect, test } from 'vitest';
import {
  additionalMethod,
  dereference,
  findParameter,
  getOperation,
  listOperations,
  operationParameters,
  pointerSegment,
  resolvePointer,
  resolveRef,
  text,
  type JsonObject,
} from './document';

const document: JsonObject = {
  openapi: '3.1.0',
  paths: {
    '/games/{game_id}': {
      parameters: [{ $ref: '#/components/parameters/GameId' }],
      get: { operationId: 'getGame', parameters: [{ name: 'expanded', in: 'query' }] },
      post: { operationId: 'postGame' },
    },
    '/a~b/c': { get: { operationId: 'escaped' } },
  },
  components: {
    parameters: { GameId: { name: 'game_id', in: 'path', required: true, schema: { type: 'string' } } },
    schemas: {
      Game: { type: 'object', properties: { order: { $ref: '#/components/schemas/Order' } } },
      Order: { type: 'integer', description: 'target' },
      Alias: { $ref: '#/components/schemas/Game' },
      Loop: { properties: { next: { $ref: '#/components/schemas/Loop' } } },
    },
  },
};

describe('resolvePointer and resolveRef', () => {
  test('read a local pointer and follow a chain of references', () => {
    expect(resolvePointer(document, '#/components/schemas/Order')).toEqual({ type: 'integer', description: 'target' });
    expect(resolveRef(document, { $ref: '#/components/schemas/Alias' })).toHaveProperty('type', 'object');
  });

  test.each(['#/components/schemas/Missing', 'other.yaml#/x'])('reject the reference %j', (ref) => {
    expect(() => resolvePointer(document, ref)).toThrow();
  });
});

describe('dereference', () => {
  test('inlines nested references and keeps sibling keywords', () => {
    const result = dereference(document, {
      $ref: '#/components/schemas/Game',
      description: 'sibling wins',
    }) as JsonObject;
    expect(result).toEqual({
      type: 'object',
      description: 'sibling wins',
      properties: { order: { type: 'integer', description: 'target' } },
    });
  });

  test('reports a reference cycle instead of looping', () => {
    expect(() => dereference(document, { $ref: '#/components/schemas/Loop' })).toThrow(/cycle/);
  });
});

describe('operations', () => {
  test('lists every operation in document order', () => {
    expect(listOperations(document).map((ref) => `${ref.method} ${ref.path}`)).toEqual([
      'get /games/{game_id}',
      'post /games/{game_id}',
      'get /a~b/c',
    ]);
  });

  test('merges path-level and operation parameters, resolved', () => {
    const ref = getOperation(document, '/games/{game_id}');
    expect(operationParameters(document, ref).map((parameter) => parameter.name)).toEqual(['game_id', 'expanded']);
    expect(findParameter(document, ref, 'game_id', 'path')).toHaveProperty('required', true);
    expect(findParameter(document, ref, 'limit')).toBeUndefined();
  });

  test('names the missing operation', () => {
    expect(() => getOperation(document, '/nope')).toThrow('no GET /nope');
  });
});

test.each([
  ['Game', 'Game'],
  ['A%20B', 'A B'],
  ['x~1y', 'x/y'],
  ['~01', '~1'],
  ['%7E1', '/'],
  ['100%25', '100%'],
  ['50%off', '50%off'],
])('the reference segment %j names the key %j', (raw, key) => expect(pointerSegment(raw)).toBe(key));

describe('resolvePointer on the references real documents write', () => {
  const document = {
    paths: { '/rooms/{id}': { get: { parameters: [{ name: 'id' }] } } },
    components: { schemas: { 'A B': { allOf: [{ type: 'string' }] }, 'x/y': { type: 'integer' } } },
  };
  test.each([
    ['#/components/schemas/A%20B/allOf/0', { type: 'string' }],
    ['#/components/schemas/x~1y', { type: 'integer' }],
    ['#/paths/~1rooms~1%7Bid%7D/get/parameters/0', { name: 'id' }],
  ])('%s', (ref, expected) => expect(resolvePointer(document, ref)).toEqual(expected));

  test('an index past the end of a list is unresolvable', () => {
    expect(() => resolvePointer(document, '#/components/schemas/A%20B/allOf/1')).toThrow(/unresolvable/);
  });
});

describe("OpenAPI 3.2's methods: query, and a path item's additionalOperations", () => {
  const document: JsonObject = {
    openapi: '3.2.0',
    info: { title: 'x', version: '1' },
    paths: {
      '/items': {
        get: { responses: {} },
        query: { operationId: 'searchItems', responses: {} },
        additionalOperations: {
          COPY: { operationId: 'copyItems', responses: {} },
          Purge: { operationId: 'purgeItems', responses: {} },
          // A fixed method may not be repeated here; and a key that is no HTTP token never becomes a method.
          POST: { operationId: 'repeatedPost', responses: {} },
          'BAD METHOD': { operationId: 'spaced', responses: {} },
          "X'); rm -rf": { operationId: 'injected', responses: {} },
          '': { operationId: 'empty', responses: {} },
        },
      },
    },
  };

  test('are calls, in the document order, with their method in lower case', () => {
    expect(listOperations(document).map((ref) => `${ref.method} ${text(ref.operation.operationId)}`)).toEqual([
      'get ',
      'query searchItems',
      'copy copyItems',
      'purge purgeItems',
    ]);
  });

  test.each([
    ['COPY', 'copy'],
    ['purge', 'purge'],
    ['X-CUSTOM-1', 'x-custom-1'],
    ['GET', undefined],
    ['query', undefined],
    ['BAD METHOD', undefined],
    ['1COPY', undefined],
    ['A'.repeat(21), undefined],
  ])('additionalMethod(%j) is %j', (key, method) => {
    expect(additionalMethod(key)).toBe(method);
  });
});
