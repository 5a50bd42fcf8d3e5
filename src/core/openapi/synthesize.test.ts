import { describe, expect, test } from 'vitest';
import type { JsonObject } from './document';
import { exampleOf } from './synthesize';

const document: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {},
  components: {
    schemas: {
      Message: {
        type: 'object',
        required: ['body', 'room'],
        properties: {
          id: { type: 'string', readOnly: true },
          body: { type: 'string', minLength: 10 },
          room: { $ref: '#/components/schemas/Room' },
          silent: { type: 'boolean' },
        },
      },
      Room: { type: 'object', properties: { id: { type: 'integer', minimum: 5 }, kind: { enum: ['a', 'b'] } } },
      Tree: {
        type: 'object',
        required: ['children'],
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
      },
      Pet: { oneOf: [{ $ref: '#/components/schemas/Room' }, { type: 'string' }] },
      Both: {
        allOf: [
          { $ref: '#/components/schemas/Room' },
          { type: 'object', properties: { extra: { type: 'number', exclusiveMinimum: 0 } } },
        ],
      },
    },
  },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('exampleOf', () => {
  test('an object carries its required properties, shaped by their limits; a referenced object all of its own', () => {
    expect(exampleOf(document, ref('Message'))).toEqual({ body: 'stringxxxx', room: { id: 5, kind: 'a' } });
  });

  test('the schema’s own example, default, const and enum win over its type', () => {
    expect(exampleOf(document, { type: 'string', example: 'hi', default: 'no' })).toBe('hi');
    expect(exampleOf(document, { type: 'integer', default: 20 })).toBe(20);
    expect(exampleOf(document, { const: 'fixed' })).toBe('fixed');
    expect(exampleOf(document, { type: ['string', 'null'], format: 'date-time' })).toBe('2026-01-01T12:00:00Z');
  });

  test('oneOf takes its first shape; allOf merges its parts', () => {
    expect(exampleOf(document, ref('Pet'))).toEqual({ id: 5, kind: 'a' });
    expect(exampleOf(document, ref('Both'))).toEqual({ id: 5, kind: 'a', extra: 1 });
  });

  test('a oneOf shape made with allOf carries every property its parts require together', () => {
    // The base names the discriminator (with an example of it alone); a part requires a property the base declares
    // and adds one of its own: built apart, each part left out what the other required.
    const shapes: JsonObject = {
      ...document,
      components: {
        schemas: {
          Base: {
            type: 'object',
            required: ['kind'],
            properties: { kind: { type: 'string' }, name: { type: 'string' }, note: { type: 'string' } },
          },
          Card: {
            allOf: [
              { $ref: '#/components/schemas/Base' },
              { required: ['name', 'number'], properties: { number: { type: 'string', minLength: 12 } } },
            ],
          },
          Payment: { oneOf: [{ $ref: '#/components/schemas/Card' }], discriminator: { propertyName: 'kind' } },
        },
      },
    };
    // The discriminator holds the value that picks the shape: Card's name, as the discriminator has no mapping.
    expect(exampleOf(shapes, ref('Payment'))).toEqual({ kind: 'Card', name: 'string', number: 'stringxxxxxx' });
  });

  test('of shapes, the first that makes a value: a part that is a file or text is not sent empty', () => {
    const upload: JsonObject = {
      ...document,
      components: { schemas: { InputFile: { type: 'object', description: 'A file.' } } },
    };
    expect(
      exampleOf(upload, {
        type: 'object',
        required: ['sticker'],
        properties: { sticker: { anyOf: [ref('InputFile'), { type: 'string' }] } },
      }),
    ).toEqual({ sticker: 'string' });
    expect(exampleOf(upload, { oneOf: [ref('InputFile')] })).toEqual({});
  });

  test('a recursive schema ends', () => {
    expect(exampleOf(document, ref('Tree'))).toEqual({ children: [] });
  });

  test('a broken reference gives null, not an exception', () => {
    expect(exampleOf(document, ref('Missing'))).toBeNull();
  });

  test('a response shows every property a server returns: read-only ones too, write-only ones not', () => {
    const account: JsonObject = {
      type: 'object',
      required: ['name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string' },
        password: { type: 'string', writeOnly: true },
        room: ref('Room'),
      },
    };
    expect(exampleOf(document, account, 'response')).toEqual({ id: 1, name: 'string', room: { id: 5, kind: 'a' } });
    expect(exampleOf(document, account)).toEqual({ name: 'string' });
  });

  test('a response of a large object graph stops growing once its budget of values is spent', () => {
    // Twenty objects of twenty objects of twenty strings: 8,000 values unbounded.
    const level = (inner: JsonObject): JsonObject => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`p${index}`, inner])),
    });
    const value = exampleOf(document, level(level(level({ type: 'string' }))), 'response') as JsonObject;
    const count = (json: unknown): number =>
      json !== null && typeof json === 'object'
        ? 1 + Object.values(json as Record<string, unknown>).reduce<number>((sum, item) => sum + count(item), 0)
        : 1;
    expect(count(value)).toBeLessThan(300);
    expect(Object.keys(value)).toHaveLength(20);
    expect(Object.keys((value.p0 as JsonObject).p0 as JsonObject)).toHaveLength(20);
  });
});
