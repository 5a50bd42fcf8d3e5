import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowEndpoints } from './flow';
import { signIn, SignInError, type SignInRequest } from './signIn';

const serverUrl = 'https://open.arena.example/chat/v1';
const flow = {
  authorizationUrl: 'https://open.arena.example/oauth/authorize',
  tokenUrl: 'https://open.arena.example/oauth/token',
  refreshUrl: 'https://open.arena.example/oauth/token',
  scopes: {},
};

function request(authorizationUrl: string): SignInRequest {
  return {
    endpoints: flowEndpoints({ ...flow, authorizationUrl }, serverUrl),
    serverUrl,
    signInOrigins: ['https://open.arena.example'],
    clientId: 'reader-app',
    scope: '',
    redirectUri: 'https://portal.example/oauth2/callback',
    api: 'chat-v1',
    scheme: 'OAuth2',
    remember: false,
  };
}

/** The tab as signIn sees it: where it would go (popups blocked) and what it would keep for the way back. */
function stubTab() {
  const tab = { assign: vi.fn(), setItem: vi.fn() };
  vi.stubGlobal('window', {
    location: { href: 'https://portal.example/docs/chat-api/get-room', assign: tab.assign },
    sessionStorage: { setItem: tab.setItem },
  });
  return tab;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signIn', () => {
  it.each([
    ['a look-alike host', 'https://open.arena.example.evil.example/oauth/authorize'],
    ['another host', 'https://evil.example/oauth/authorize'],
    ['plain http', 'http://open.arena.example/oauth/authorize'],
  ])('leaves the tab where it is for an authorization page on %s, with popups blocked', async (_what, page) => {
    const tab = stubTab();
    await expect(signIn(request(page), null)).rejects.toThrow(SignInError);
    expect(tab.assign).not.toHaveBeenCalled();
    expect(tab.setItem).not.toHaveBeenCalled();
  });

  it('points no popup at a foreign authorization page', async () => {
    stubTab();
    const popup = { location: { href: 'about:blank' }, closed: false, close: vi.fn() };
    await expect(
      signIn(request('https://open.arena.example.evil.example/oauth/authorize'), popup as unknown as Window),
    ).rejects.toThrow(/authorization page is on https:\/\/open\.arena\.example\.evil\.example/);
    expect(popup.location.href).toBe('about:blank');
  });

  it("goes to the API's own authorization page, with popups blocked", async () => {
    const tab = stubTab();
    await expect(signIn(request(flow.authorizationUrl), null)).resolves.toBeUndefined();
    expect(tab.assign).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/open\.arena\.example\/oauth\/authorize\?/),
    );
  });
});
