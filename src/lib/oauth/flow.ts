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
 * Why Try it will not sign in with these endpoints, or undefined when it will. The token and refresh endpoints
 * receive the code, its verifier and the refresh token: they must be on the API server's own origin (the one the
 * reader picked, which is one of the API's own hosts or the local mock), so a changed or hostile document cannot
 * send them elsewhere. The authorization page may be anywhere: the reader sees its address in the window.
 */
export function flowProblem(endpoints: FlowEndpoints, serverUrl: string): string | undefined {
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
