import { describe, expect, test } from 'vitest';
import { guardRequest, hostProblem, newToken, originProblem, tokenMatches } from './httpGuard';

const settings = { port: 3920, allowedOrigins: [] as string[], token: 'the-token' };
const good = { host: '127.0.0.1:3920', authorization: 'Bearer the-token', path: '/mcp' };

describe('hostProblem: only this machine, on this port (a rebound name is refused)', () => {
  test.each(['127.0.0.1:3920', 'localhost:3920', 'LOCALHOST:3920', '[::1]:3920'])('%s passes', (host) => {
    expect(hostProblem(host, 3920)).toBeUndefined();
  });
  test.each([
    [undefined, 'the request has no Host header'],
    ['evil.example:3920', 'Host "evil.example:3920" is not this server (127.0.0.1:3920, localhost:3920)'],
    ['127.0.0.1', 'Host "127.0.0.1" is not this server (127.0.0.1:3920, localhost:3920)'],
    ['127.0.0.1:39201', 'Host "127.0.0.1:39201" is not this server (127.0.0.1:3920, localhost:3920)'],
    [
      'localhost.evil.example:3920',
      'Host "localhost.evil.example:3920" is not this server (127.0.0.1:3920, localhost:3920)',
    ],
    [
      '127.0.0.1:3920@evil.example',
      'Host "127.0.0.1:3920@evil.example" is not this server (127.0.0.1:3920, localhost:3920)',
    ],
  ])('%s is refused', (host, problem) => {
    expect(hostProblem(host, 3920)).toBe(problem);
  });
});

describe('originProblem: no web page, unless the person allowed its origin', () => {
  test('a request without Origin (an MCP client, curl) passes', () => {
    expect(originProblem(undefined, [])).toBeUndefined();
  });
  test.each(['http://evil.example', 'null', 'http://127.0.0.1:3920', 'http://localhost:3000'])(
    'Origin %s is refused by default',
    (origin) => {
      expect(originProblem(origin, [])).toMatch(/may not use this server/);
    },
  );
  test('an allowed origin passes, and only that one', () => {
    expect(originProblem('https://app.example', ['https://app.example'])).toBeUndefined();
    expect(originProblem('https://app.example.evil.example', ['https://app.example'])).toMatch(/may not use/);
  });
});

describe('tokenMatches', () => {
  test.each([
    ['Bearer the-token', true],
    ['bearer the-token', true],
    ['Bearer the-token ', true],
    ['Bearer the-toke', false],
    ['Bearer the-token2', false],
    ['Basic the-token', false],
    ['the-token', false],
    ['Bearer ', false],
    [undefined, false],
  ])('%j → %s', (authorization, matches) => {
    expect(tokenMatches(authorization, 'the-token')).toBe(matches);
  });
  test('a new token is long and random', () => {
    const [a, b] = [newToken(), newToken()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
});

describe('guardRequest: host and origin first (403), then the token (401), then the path (404)', () => {
  test.each([
    ['a good request', good, undefined],
    ['a rebound host, even with the token', { ...good, host: 'evil.example:3920' }, 403],
    ['a foreign origin, even with the token', { ...good, origin: 'http://evil.example' }, 403],
    ['no token', { ...good, authorization: undefined }, 401],
    ['a wrong token', { ...good, authorization: 'Bearer guess' }, 401],
    ['another path', { ...good, path: '/' }, 404],
    ['a rebound host without a token', { host: 'evil.example:3920', path: '/mcp' }, 403],
  ])('%s', (_, request, status) => {
    expect(guardRequest(request, settings)?.status).toBe(status);
  });
});
