import { describe, expect, test } from 'vitest';
import { loadDocument } from './loadDocument';

const buildSpec = { openapi: '3.1.0', info: { title: 'Data API', version: '4' }, paths: {} };
const newer = { ...buildSpec, info: { title: 'Data API', version: '4.1' } };

function respond(body: string, init: ResponseInit = {}): typeof fetch {
  return () => Promise.resolve(new Response(body, init));
}

describe('loadDocument', () => {
  test('a document of only webhooks is one too (OpenAPI 3.1)', async () => {
    const webhooks = { openapi: '3.1.0', info: buildSpec.info, webhooks: { ping: {} } };
    await expect(loadDocument('/openapi/data-v4.json', respond(JSON.stringify(webhooks)))).resolves.toEqual(webhooks);
  });

  test('returns a valid OpenAPI 3 document', async () => {
    await expect(loadDocument('/openapi/data-v4.json', respond(JSON.stringify(newer)))).resolves.toEqual(newer);
  });

  test.each([
    [
      'an HTTP error',
      respond('nope', { status: 503, statusText: 'Service Unavailable' }),
      /answered HTTP 503 Service Unavailable/,
    ],
    ['a body that is not JSON', respond('<html>'), /is not a JSON document/],
    ['JSON that is not an object', respond('[1,2]'), /is not an OpenAPI document/],
    [
      'a Swagger 2 document',
      respond(JSON.stringify({ swagger: '2.0', paths: {} })),
      /not an OpenAPI 3\.0, 3\.1 or 3\.2/,
    ],
    ['a document without paths', respond(JSON.stringify({ openapi: '3.1.0' })), /has no paths, webhooks or schemas/],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), /could not reach .*Failed to fetch/],
  ])('explains %s', async (_case, fetchImpl, message) => {
    await expect(loadDocument('/openapi/data-v4.json', fetchImpl)).rejects.toThrow(message);
  });
});
