import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../../lib/openapi/document';
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
    expect(diff.changes).toEqual([
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
      { where: 'GET /games', what: 'limit maximum: 100 -> 200', breaking: false },
    ]);
  });
});
