import { describe, expect, test } from 'vitest';
import { closeObjectSchemas, collectExamples } from './examples';
import type { JsonObject } from './document';

describe('closeObjectSchemas', () => {
  test('closes objects that list properties and leaves declared maps open', () => {
    expect(
      closeObjectSchemas({
        type: 'object',
        properties: { a: { type: 'object', properties: { b: { type: 'string' } } } },
        additionalProperties: { type: 'integer' },
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: false } },
      additionalProperties: { type: 'integer' },
    });
  });

  test('merges allOf parts before closing, keeping every required field', () => {
    expect(
      closeObjectSchemas({
        description: 'list',
        allOf: [
          { type: 'object', required: ['start'], properties: { start: { type: 'integer' } } },
          { type: 'object', required: ['items'], properties: { items: { type: 'array' } } },
        ],
      }),
    ).toEqual({
      description: 'list',
      type: 'object',
      properties: { start: { type: 'integer' }, items: { type: 'array' } },
      required: ['start', 'items'],
      additionalProperties: false,
    });
  });
});

describe('collectExamples', () => {
  const document: JsonObject = {
    paths: {
      '/rooms/{id}': {
        post: {
          parameters: [{ name: 'id', in: 'path', schema: { type: 'string' }, example: 'r1' }],
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' }, example: { body: 'hi' } } },
          },
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: { type: 'object' },
                  examples: { default: { $ref: '#/components/examples/Ok' } },
                },
              },
            },
            '401': { description: 'no content' },
          },
        },
      },
    },
    components: {
      schemas: { Body: { type: 'object', properties: { body: { type: 'string' } } } },
      examples: { Ok: { value: { id: '1' } } },
    },
  };

  test('finds parameter, request and response examples with their resolved schemas', () => {
    expect(collectExamples(document)).toEqual([
      { where: 'POST /rooms/{id} parameter id', schema: { type: 'string' }, value: 'r1' },
      {
        where: 'POST /rooms/{id} request application/json',
        schema: { type: 'object', properties: { body: { type: 'string' } } },
        value: { body: 'hi' },
      },
      {
        where: 'POST /rooms/{id} 200 application/json example default',
        schema: { type: 'object' },
        value: { id: '1' },
      },
    ]);
  });
});
