import { describe, expect, test } from 'vitest';
import { prepareDocument } from './resolve';

describe('prepareDocument', () => {
  test('names an integer beyond 2^53 that it can only read rounded, rather than rounding it in silence', async () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/a': {
          get: {
            parameters: [{ name: 'id', in: 'query', schema: { type: 'integer', maximum: 1 } }],
            responses: { 200: { description: 'ok' } },
          },
        },
      },
    }).replace('"maximum":1', '"maximum":9223372036854775807');
    const { notices } = await prepareDocument(text);
    expect(notices).toContainEqual(
      expect.stringContaining(
        '/paths/~1a/get/parameters/0/schema/maximum (9223372036854775807 reads as 9223372036854775808)',
      ),
    );
  });
});
