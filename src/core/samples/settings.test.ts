import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../openapi/document';
import { operationViews } from '../openapi/view';
import { codeSamples, sampleServer, sampleSettings } from './index';

const options = {
  credentialVariable: 'X_KEY',
  baseUrlVariable: 'X_URL',
  mockUrl: 'http://127.0.0.1:4020',
  trustedOrigins: ['https://api.example', 'http://127.0.0.1:4020'],
};

const documentWith = (servers: JsonObject[]): JsonObject => ({
  openapi: '3.1.0',
  info: { title: 'x', version: '1' },
  servers,
  paths: { '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'ok' } } } } },
});

describe('a relative server in a vendored document keeps its path in the samples', () => {
  test.each([
    ['a relative path', [{ url: '/api/v2' }], 'http://127.0.0.1:4020/api/v2'],
    ['a relative path with a trailing slash', [{ url: '/api/v2/' }], 'http://127.0.0.1:4020/api/v2'],
    ['an absolute server on a trusted host', [{ url: 'https://api.example/v1' }], 'https://api.example/v1'],
    ['a relative path with a variable (not used)', [{ url: '/{version}' }], 'http://127.0.0.1:4020'],
    ['a relative path with a quote (not used)', [{ url: "/a'b" }], 'http://127.0.0.1:4020'],
    ['no server', [], 'http://127.0.0.1:4020'],
  ])('%s', (_, servers, expected) => {
    const document = documentWith(servers);
    const settings = sampleSettings(document, options);
    expect(settings.fallbackServer).toBe(expected);
    const [view] = operationViews(document, 'x');
    const server = sampleServer(view, settings);
    const [curl] = codeSamples(view, { ...options, serverUrl: server }, ['curl']);
    expect(curl.code).toContain(`${expected}`);
  });
});
