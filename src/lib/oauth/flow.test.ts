import { describe, expect, it } from 'vitest';
import { commonDirectory, flowEndpoints, flowProblem } from './flow';

const flow = {
  authorizationUrl: 'https://open.arena.example/oauth/authorize',
  tokenUrl: 'https://open.arena.example/oauth/token',
  refreshUrl: 'https://open.arena.example/oauth/refresh',
  scopes: {},
};

describe('flowEndpoints', () => {
  it("keeps the document's endpoints for a production server", () => {
    expect(flowEndpoints(flow, 'https://open.arena.example/chat/v1')).toEqual({
      issuer: 'https://open.arena.example/oauth',
      authorizationUrl: flow.authorizationUrl,
      tokenUrl: flow.tokenUrl,
      refreshUrl: flow.refreshUrl,
    });
  });

  it('moves them to the same paths on a server of this machine (the local mock)', () => {
    expect(flowEndpoints(flow, 'http://127.0.0.1:4011')).toEqual({
      issuer: 'http://127.0.0.1:4011/oauth',
      authorizationUrl: 'http://127.0.0.1:4011/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:4011/oauth/token',
      refreshUrl: 'http://127.0.0.1:4011/oauth/refresh',
    });
  });

  it('takes the authorization origin as the issuer when the endpoints are on two hosts, and any server URL', () => {
    const split = { ...flow, tokenUrl: 'https://tokens.example/token' };
    expect(flowEndpoints(split, 'not a url').issuer).toBe('https://open.arena.example');
  });
});

describe('commonDirectory', () => {
  it('is the directory the paths share', () => {
    expect(commonDirectory(['/oauth/authorize', '/oauth/token'])).toBe('/oauth');
    expect(commonDirectory(['/a/b/authorize', '/a/c/token'])).toBe('/a');
    expect(commonDirectory(['/authorize', '/token'])).toBe('');
  });
});

describe('flowProblem', () => {
  it("signs in when the token and refresh endpoints are on the chosen server's origin, the local mock's included", () => {
    expect(
      flowProblem(flowEndpoints(flow, 'https://open.arena.example/chat/v1'), 'https://open.arena.example/chat/v1'),
    ).toBeUndefined();
    expect(flowProblem(flowEndpoints(flow, 'http://127.0.0.1:4011'), 'http://127.0.0.1:4011')).toBeUndefined();
  });

  it('refuses a token or refresh endpoint elsewhere, as a changed document could name', () => {
    const elsewhere = { ...flow, refreshUrl: 'https://collector.example/refresh' };
    expect(
      flowProblem(flowEndpoints(elsewhere, 'https://open.arena.example/chat/v1'), 'https://open.arena.example/chat/v1'),
    ).toMatch(/^The document's refresh endpoint is on https:\/\/collector\.example, not on the API's own host/);
    expect(flowProblem(flowEndpoints(flow, 'not a url'), 'not a url')).toBe('Choose a server to sign in for.');
  });
});
