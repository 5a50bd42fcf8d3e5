/**
 * The pieces of an OAuth2 authorization code sign-in that need no library: where its endpoints are for the server
 * the reader picked, and what a sign-in that leaves the page (the redirect flow) keeps in the tab meanwhile.
 * lib/oauth/signIn.ts runs the flow itself, static/oauth2/callback.js is the page the provider sends the reader back to.
 */
import type { AuthorizationCodeFlow, ClientCredentialsFlow } from '../openapi/view/types';

/** The site's page the provider answers to, below the site's base URL (static/oauth2/callback.html). */
export const callbackRoute = 'oauth2/callback';

/** sessionStorage keys of a redirect sign-in; static/oauth2/callback.js reads the same names. */
export const pendingKey = 'oauth2:pending';
export const resultKey = 'oauth2:result';

/** The BroadcastChannel the callback page answers a popup sign-in on. */
export const callbackChannel = 'oauth2-callback';

export interface FlowEndpoints {
  /** The authorization server's identifier as this portal knows it: the endpoints' common directory. */
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  refreshUrl: string;
}

/** The longest common directory of some paths: `/oauth/authorize` and `/oauth/token` give `/oauth`. */
export function commonDirectory(paths: readonly string[]): string {
  const split = paths.map((value) => value.split('/').slice(0, -1));
  const common: string[] = [];
  for (let index = 0; index < (split[0]?.length ?? 0); index += 1) {
    if (split.every((parts) => parts[index] === split[0][index])) common.push(split[0][index]);
    else break;
  }
  return common.join('/');
}

/** A server on this machine: `npm run mock`'s, which serves the flow at the document's paths. */
function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/**
 * The flow's endpoints for a call to `serverUrl`: the document's, or, for a server on this machine (the local mock),
 * the same paths on that server, where `npm run mock` serves its OAuth2 server.
 */
export function flowEndpoints(flow: AuthorizationCodeFlow | ClientCredentialsFlow, serverUrl: string): FlowEndpoints {
  let local: URL | undefined;
  try {
    const server = new URL(serverUrl);
    if (isLoopback(server)) local = server;
  } catch {
    local = undefined;
  }
  const at = (value: string) => {
    const url = new URL(value);
    return local ? `${local.origin}${url.pathname}${url.search}` : url.href;
  };
  // A client credentials flow has no authorization page: its token endpoint stands in for it.
  const endpoints = {
    authorizationUrl: at('authorizationUrl' in flow ? flow.authorizationUrl : flow.tokenUrl),
    tokenUrl: at(flow.tokenUrl),
    refreshUrl: at(flow.refreshUrl),
  };
  const authorization = new URL(endpoints.authorizationUrl);
  const token = new URL(endpoints.tokenUrl);
  const issuer =
    authorization.origin === token.origin
      ? `${authorization.origin}${commonDirectory([authorization.pathname, token.pathname])}`
      : authorization.origin;
  return { issuer, ...endpoints };
}

/**
 * Why Try it will not get a token from these endpoints, or undefined when it will. The token and refresh endpoints
 * receive the code, its verifier, the refresh token or the client's secret: they must be on the API server's own
 * origin (the one the reader picked, which is one of the API's own hosts or the local mock), so a changed or hostile
 * document cannot send them elsewhere. This is the whole check for a flow that opens no authorization page (client
 * credentials, a refresh); a sign-in is checked with `flowProblem`.
 */
export function tokenEndpointProblem(endpoints: FlowEndpoints, serverUrl: string): string | undefined {
  let origin: string;
  try {
    origin = new URL(serverUrl).origin;
  } catch {
    return 'Choose a server to sign in for.';
  }
  for (const [what, value] of [
    ['token', endpoints.tokenUrl],
    ['refresh', endpoints.refreshUrl],
  ] as const) {
    const at = new URL(value).origin;
    if (at !== origin) {
      return `The document's ${what} endpoint is on ${at}, not on the API's own host (${origin}): Try it sends a code and its verifier only to the API's host. Get a token with your own client and paste it above.`;
    }
  }
  return undefined;
}

/** `https://host[:port]` of each entry, as URLs compare them (`https://h:443/` is `https://h`); non-URLs dropped. */
function originsOf(list: readonly string[]): string[] {
  return list.flatMap((value) => {
    try {
      const { origin } = new URL(value);
      return origin === 'null' ? [] : [origin];
    } catch {
      return [];
    }
  });
}

/**
 * Why Try it will not sign in (authorization code) with these endpoints, or undefined when it will: the token and
 * refresh endpoints as `tokenEndpointProblem` holds them, and the authorization page, where the reader types their
 * password, in a popup or, with popups blocked, in the portal's own tab. A changed or hostile document (a remote one
 * at build time, or one loaded at runtime) could name a look-alike page there, so the page must be https (plain http
 * only on this machine) and on one of `signInOrigins`, the hosts the API's record lets its sign-in use (`signInHosts`
 * in config/apis.ts, by default the API's own hosts), or on the local mock the reader chose, where `flowEndpoints`
 * has moved the flow. Anywhere else, no popup is opened and the tab goes nowhere.
 */
export function flowProblem(
  endpoints: FlowEndpoints,
  serverUrl: string,
  signInOrigins: readonly string[],
): string | undefined {
  const tokenProblem = tokenEndpointProblem(endpoints, serverUrl);
  if (tokenProblem) return tokenProblem;
  const server = new URL(serverUrl);
  const page = new URL(endpoints.authorizationUrl);
  const paste = 'Get a token with your own client and paste it above.';
  if (page.protocol !== 'https:' && !(page.protocol === 'http:' && isLoopback(page))) {
    return `The document's authorization page ${page.origin} is not https: Try it opens a sign-in page over plain http only on this machine (the local mock). ${paste}`;
  }
  const allowed = originsOf(signInOrigins);
  if (allowed.includes(page.origin) || (isLoopback(server) && page.origin === server.origin)) return undefined;
  const hosts = allowed.length > 0 ? allowed.join(', ') : 'none but the local mock';
  return `The document's authorization page is on ${page.origin}, not on a host the API signs in at (${hosts}): Try it opens a sign-in page only there. ${paste}`;
}

/** What a redirect sign-in keeps in the tab while the reader is at the provider, to finish when they are back. */
export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  endpoints: FlowEndpoints;
  /** The API server the token is for. */
  serverUrl: string;
  /** Which explorer signed in: the API and the scheme. */
  api: string;
  scheme: string;
  /** The page to come back to. */
  returnTo: string;
  /** Keep the token in this tab's sessionStorage, as the reader asked. */
  remember: boolean;
  /** What the reader had typed in the explorer, restored when they are back. */
  draft?: Record<string, unknown>;
}
