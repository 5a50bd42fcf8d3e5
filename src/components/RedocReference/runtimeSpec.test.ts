import { describe, expect, test } from 'vitest';
import { loadRuntimeSpec, runtimeSpecReducer, type RuntimeSpecState } from './runtimeSpec';

const buildSpec = { openapi: '3.1.0', info: { title: 'Data API', version: '4' }, paths: {} };
const newer = { ...buildSpec, info: { title: 'Data API', version: '4.1' } };

describe('runtimeSpecReducer', () => {
  test('a start loads, a success with a different document replaces the one shown', () => {
    let state: RuntimeSpecState = { status: 'idle' };
    state = runtimeSpecReducer(state, { type: 'start' });
    expect(state).toEqual({ status: 'loading', attempt: 1 });
    state = runtimeSpecReducer(state, { type: 'success', spec: newer, buildSpec });
    expect(state).toEqual({ status: 'loaded', spec: newer });
  });

  test('a success with the same document keeps the build-time one', () => {
    const state = runtimeSpecReducer(
      { status: 'loading', attempt: 1 },
      { type: 'success', spec: { ...buildSpec }, buildSpec },
    );
    expect(state).toEqual({ status: 'loaded', spec: undefined });
  });

  test('a failure keeps its message, and a retry counts as the next attempt', () => {
    let state = runtimeSpecReducer({ status: 'loading', attempt: 1 }, { type: 'failure', message: 'HTTP 500' });
    expect(state).toEqual({ status: 'failed', message: 'HTTP 500', attempt: 1 });
    state = runtimeSpecReducer(state, { type: 'start' });
    expect(state).toEqual({ status: 'loading', attempt: 2 });
  });
});

function respond(body: string, init: ResponseInit = {}): typeof fetch {
  return () => Promise.resolve(new Response(body, init));
}

describe('loadRuntimeSpec', () => {
  test('returns a valid OpenAPI 3 document', async () => {
    await expect(loadRuntimeSpec('/openapi/data-v4.json', respond(JSON.stringify(newer)))).resolves.toEqual(newer);
  });

  test.each([
    [
      'an HTTP error',
      respond('nope', { status: 503, statusText: 'Service Unavailable' }),
      /answered HTTP 503 Service Unavailable/,
    ],
    ['a body that is not JSON', respond('<html>'), /is not a JSON document/],
    ['JSON that is not an object', respond('[1,2]'), /is not an OpenAPI document/],
    ['a Swagger 2 document', respond(JSON.stringify({ swagger: '2.0', paths: {} })), /not an OpenAPI 3.0 or 3.1/],
    ['a document without paths', respond(JSON.stringify({ openapi: '3.1.0' })), /has no paths/],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), /could not reach .*Failed to fetch/],
  ])('explains %s', async (_case, fetchImpl, message) => {
    await expect(loadRuntimeSpec('/openapi/data-v4.json', fetchImpl)).rejects.toThrow(message);
  });
});
