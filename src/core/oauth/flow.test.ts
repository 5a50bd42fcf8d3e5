import { describe, expect, it } from 'vitest';
import { commonDirectory, flowEndpoints, flowProblem, tokenEndpointProblem } from './flow';

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

describe('tokenEndpointProblem', () => {
  it("takes token and refresh endpoints on the chosen server's origin, the local mock's included", () => {
    expect(
      tokenEndpointProblem(
        flowEndpoints(flow, 'https://open.arena.example/chat/v1'),
        'https://open.arena.example/chat/v1',
      ),
    ).toBeUndefined();
    expect(tokenEndpointProblem(flowEndpoints(flow, 'http://127.0.0.1:4011'), 'http://127.0.0.1:4011')).toBeUndefined();
  });

  it('refuses a token or refresh endpoint elsewhere, as a changed document could name', () => {
    const elsewhere = { ...flow, refreshUrl: 'https://collector.example/refresh' };
    expect(
      tokenEndpointProblem(
        flowEndpoints(elsewhere, 'https://open.arena.example/chat/v1'),
        'https://open.arena.example/chat/v1',
      ),
    ).toMatch(/^The document's refresh endpoint is on https:\/\/collector\.example, not on the API's own host/);
    expect(tokenEndpointProblem(flowEndpoints(flow, 'not a url'), 'not a url')).toBe('Choose a server to sign in for.');
  });

  it('does not look at the authorization page, which a client credentials flow or a refresh never opens', () => {
    const foreign = { ...flow, authorizationUrl: 'https://evil.example/authorize' };
    const production = 'https://open.arena.example/chat/v1';
    expect(tokenEndpointProblem(flowEndpoints(foreign, production), production)).toBeUndefined();
  });
});

describe('flowProblem', () => {
  const production = 'https://open.arena.example/chat/v1';
  const mock = 'http://127.0.0.1:4011';
  const own = ['https://open.arena.example'];
  const page = (authorizationUrl: string) => ({ ...flow, authorizationUrl });
  const allowedHosts = 'not on a host the API signs in at (https://open.arena.example)';

  it.each([
    ["the API's own host", page('https://open.arena.example/oauth/authorize'), production, own, undefined],
    [
      "the API's own host, written with its default port",
      page('https://open.arena.example:443/oauth/authorize'),
      production,
      own,
      undefined,
    ],
    [
      'a separate sign-in host the record names',
      page('https://accounts.arena.example/authorize'),
      production,
      ['https://accounts.arena.example'],
      undefined,
    ],
    [
      'any host of the document, for the local mock the reader chose (moved to the mock)',
      page('https://evil.example/authorize'),
      mock,
      own,
      undefined,
    ],
    [
      'the local mock with no sign-in hosts at all',
      page('https://open.arena.example/oauth/authorize'),
      mock,
      [],
      undefined,
    ],
    [
      'another host',
      page('https://evil.example/oauth/authorize'),
      production,
      own,
      `The document's authorization page is on https://evil.example, ${allowedHosts}: Try it opens a sign-in page only there. Get a token with your own client and paste it above.`,
    ],
    [
      'a look-alike of the own host',
      page('https://open.arena.example.evil.example/oauth/authorize'),
      production,
      own,
      `The document's authorization page is on https://open.arena.example.evil.example, ${allowedHosts}: Try it opens a sign-in page only there. Get a token with your own client and paste it above.`,
    ],
    [
      'a user name that looks like the own host',
      page('https://open.arena.example@evil.example/oauth/authorize'),
      production,
      own,
      `The document's authorization page is on https://evil.example, ${allowedHosts}: Try it opens a sign-in page only there. Get a token with your own client and paste it above.`,
    ],
    [
      'the own host on another port',
      page('https://open.arena.example:8443/oauth/authorize'),
      production,
      own,
      `The document's authorization page is on https://open.arena.example:8443, ${allowedHosts}: Try it opens a sign-in page only there. Get a token with your own client and paste it above.`,
    ],
    [
      'plain http on the own host',
      page('http://open.arena.example/oauth/authorize'),
      production,
      ['http://open.arena.example', ...own],
      "The document's authorization page http://open.arena.example is not https: Try it opens a sign-in page over plain http only on this machine (the local mock). Get a token with your own client and paste it above.",
    ],
    [
      'a loopback page for a production server',
      page('http://127.0.0.1:4011/oauth/authorize'),
      production,
      own,
      `The document's authorization page is on http://127.0.0.1:4011, ${allowedHosts}: Try it opens a sign-in page only there. Get a token with your own client and paste it above.`,
    ],
    [
      'no sign-in hosts at all, away from the mock',
      page('https://open.arena.example/oauth/authorize'),
      production,
      [],
      "The document's authorization page is on https://open.arena.example, not on a host the API signs in at (none but the local mock): Try it opens a sign-in page only there. Get a token with your own client and paste it above.",
    ],
  ] as const)('authorization page on %s', (_what, document, serverUrl, signInOrigins, expected) => {
    expect(flowProblem(flowEndpoints(document, serverUrl), serverUrl, signInOrigins)).toBe(expected);
  });

  it('refuses a token endpoint elsewhere first, and a server that is not a URL', () => {
    const elsewhere = { ...flow, tokenUrl: 'https://collector.example/token' };
    expect(flowProblem(flowEndpoints(elsewhere, production), production, own)).toMatch(
      /^The document's token endpoint is on https:\/\/collector\.example/,
    );
    expect(flowProblem(flowEndpoints(flow, 'not a url'), 'not a url', own)).toBe('Choose a server to sign in for.');
  });
});
