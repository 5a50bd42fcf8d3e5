/**
 * Try it's OAuth2 sign-in: Authorization Code with PKCE (S256) and `state`, in a popup, or by leaving the page when
 * popups are blocked; the code is exchanged, and an expired token refreshed, from the browser. Also an application's
 * own token (client credentials), and revocation on sign-out (RFC 7009, where the provider's metadata names it). The protocol is
 * oauth4webapi's (PKCE, state and response checks, token requests); this module adds where the reader comes back
 * and what each failure means to them. Loaded on the first sign-in only: pages nobody signs in from never load it.
 */
import * as oauth from 'oauth4webapi';
import type { AuthorizationCodeFlow, ClientCredentialsFlow } from '../openapi/view/types';
import {
  callbackChannel,
  flowEndpoints,
  flowProblem,
  pendingKey,
  resultKey,
  tokenEndpointProblem,
  type FlowEndpoints,
  type PendingSignIn,
} from './flow';
import type { SignedIn } from './tokens';

/** A failure the reader can act on, in one or two sentences. */
export class SignInError extends Error {}

export interface SignInRequest {
  endpoints: FlowEndpoints;
  serverUrl: string;
  /** The origins the authorization page may be on (`flowProblem`): the API record's sign-in hosts. */
  signInOrigins: readonly string[];
  clientId: string;
  scope: string;
  redirectUri: string;
  api: string;
  scheme: string;
  remember: boolean;
  draft?: Record<string, unknown>;
}

/** The provider's page may run on plain http only on this machine (the local mock). */
function insecureAllowed(endpoints: FlowEndpoints): boolean {
  return [endpoints.authorizationUrl, endpoints.tokenUrl, endpoints.refreshUrl].every((value) => {
    const { protocol, hostname } = new URL(value);
    return protocol === 'https:' || hostname === '127.0.0.1' || hostname === 'localhost';
  });
}

function server(endpoints: FlowEndpoints): oauth.AuthorizationServer {
  return {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.authorizationUrl,
    token_endpoint: endpoints.tokenUrl,
  };
}

function requestOptions(endpoints: FlowEndpoints): oauth.TokenEndpointRequestOptions {
  return { [oauth.allowInsecureRequests]: insecureAllowed(endpoints) };
}

/** Why a token request failed, as the reader should hear it. */
function tokenFailure(error: unknown, endpoint: string, what: string): SignInError {
  if (error instanceof oauth.ResponseBodyError) {
    return new SignInError(
      `The token endpoint refused ${what}: ${error.error}${error.error_description ? ` (${error.error_description})` : ''}.`,
    );
  }
  if (error instanceof TypeError) {
    // fetch rejects with a TypeError when the browser may not read the answer: CORS, CSP, or no connection.
    return new SignInError(
      `The token endpoint ${new URL(endpoint).origin} could not be read from this page. The provider must allow this ` +
        `site's origin (${window.location.origin}) by CORS on its token endpoint, and the server must be reachable.`,
    );
  }
  return new SignInError(`The token endpoint's answer could not be used: ${(error as Error).message}.`);
}

function signedIn(
  serverUrl: string,
  clientId: string,
  result: oauth.TokenEndpointResponse,
  remember: boolean,
): SignedIn {
  return {
    clientId,
    serverUrl,
    accessToken: result.access_token,
    ...(result.refresh_token ? { refreshToken: result.refresh_token } : {}),
    ...(typeof result.expires_in === 'number' ? { expiresAt: Date.now() + result.expires_in * 1000 } : {}),
    scope: result.scope ?? '',
    remember,
  };
}

/** The provider's answer (the callback's parameters) checked and exchanged for a token. */
async function exchange(pending: PendingSignIn, answer: URLSearchParams): Promise<SignedIn> {
  const as = server(pending.endpoints);
  const client: oauth.Client = { client_id: pending.clientId };
  // The document names no issuer, so RFC 9207's `iss` cannot be compared with one; with one authorization server
  // per sign-in and a state bound to it, the mix-up it guards against cannot happen here.
  answer.delete('iss');
  let parameters: URLSearchParams;
  try {
    parameters = oauth.validateAuthResponse(as, client, answer, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      const denied = error.error === 'access_denied';
      throw new SignInError(
        `${denied ? 'Sign-in was declined' : 'The provider refused the sign-in'}: ${error.error}` +
          `${error.error_description ? ` (${error.error_description})` : ''}. Nothing you typed was lost; sign in again when ready.`,
      );
    }
    throw new SignInError(
      'The answer did not belong to this sign-in (its state did not match), so it was refused. Sign in again.',
    );
  }
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      parameters,
      pending.redirectUri,
      pending.codeVerifier,
      requestOptions(pending.endpoints),
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response);
    return signedIn(pending.serverUrl, pending.clientId, result, pending.remember);
  } catch (error) {
    throw tokenFailure(error, pending.endpoints.tokenUrl, 'the authorization code');
  }
}

function authorizationUrl(pending: PendingSignIn, challenge: string): string {
  const url = new URL(pending.endpoints.authorizationUrl);
  url.searchParams.set('client_id', pending.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', pending.redirectUri);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', pending.state);
  if (pending.scope) url.searchParams.set('scope', pending.scope);
  return url.href;
}

/**
 * Signs in through `popup` (a window the click opened, still blank), or by leaving the page when there is none:
 * then this resolves to undefined and the page finishes with `finishRedirect` when the reader is back.
 */
export async function signIn(request: SignInRequest, popup: Window | null): Promise<SignedIn | undefined> {
  // The form offers no sign-in these endpoints are refused for; checked again here, before anything navigates.
  const problem = flowProblem(request.endpoints, request.serverUrl, request.signInOrigins);
  if (problem) throw new SignInError(problem);
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const pending: PendingSignIn = {
    state: oauth.generateRandomState(),
    codeVerifier,
    clientId: request.clientId,
    scope: request.scope,
    redirectUri: request.redirectUri,
    endpoints: request.endpoints,
    serverUrl: request.serverUrl,
    api: request.api,
    scheme: request.scheme,
    returnTo: window.location.href,
    remember: request.remember,
    ...(request.draft ? { draft: request.draft } : {}),
  };
  const url = authorizationUrl(pending, await oauth.calculatePKCECodeChallenge(codeVerifier));
  if (!popup) {
    window.sessionStorage.setItem(pendingKey, JSON.stringify(pending));
    window.location.assign(url);
    return undefined;
  }
  const answer = await new Promise<URLSearchParams>((resolve, reject) => {
    const channel = new BroadcastChannel(callbackChannel);
    const closed = window.setInterval(() => {
      if (!popup.closed) return;
      // The callback page answers before it closes itself; give its message a moment to arrive.
      window.setTimeout(() => {
        done();
        reject(
          new SignInError(
            'The sign-in window was closed before it finished. Nothing was changed. If the provider showed an error ' +
              `about the redirect URI, register ${pending.redirectUri} for your client.`,
          ),
        );
      }, 500);
      window.clearInterval(closed);
    }, 400);
    const done = () => {
      window.clearInterval(closed);
      channel.close();
    };
    channel.onmessage = (event: MessageEvent<{ search?: unknown }>) => {
      if (typeof event.data?.search !== 'string') return;
      // Whatever came back is checked as this sign-in's answer: a state that does not match it is refused.
      done();
      resolve(new URLSearchParams(event.data.search));
    };
    popup.location.href = url;
  });
  return exchange(pending, answer);
}

/** A redirect sign-in coming back to this page: its token, once, or undefined when there is none to finish. */
export async function finishRedirect(): Promise<{ pending: PendingSignIn; token: SignedIn } | undefined> {
  const storage = window.sessionStorage;
  const pendingText = storage.getItem(pendingKey);
  const resultText = storage.getItem(resultKey);
  if (!pendingText || !resultText) return undefined;
  storage.removeItem(pendingKey);
  storage.removeItem(resultKey);
  const pending = JSON.parse(pendingText) as PendingSignIn;
  try {
    return { pending, token: await exchange(pending, new URLSearchParams(resultText)) };
  } catch (error) {
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { pending });
  }
}

/** A fresh access token for an expired one, from the flow's refresh URL (on the token's server's OAuth2 server). */
export async function refresh(flow: AuthorizationCodeFlow | ClientCredentialsFlow, token: SignedIn): Promise<SignedIn> {
  const { clientId } = token;
  const endpoints = flowEndpoints(flow, token.serverUrl);
  const problem = tokenEndpointProblem(endpoints, token.serverUrl);
  if (problem) throw new SignInError(problem);
  if (!token.refreshToken)
    throw new SignInError('Your access token expired and the provider gave no refresh token. Sign in again.');
  const as = { ...server(endpoints), token_endpoint: endpoints.refreshUrl };
  const client: oauth.Client = { client_id: clientId };
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      token.refreshToken,
      requestOptions(endpoints),
    );
    const result = await oauth.processRefreshTokenResponse(as, client, response);
    return {
      ...signedIn(token.serverUrl, clientId, result, token.remember),
      refreshToken: result.refresh_token ?? token.refreshToken,
    };
  } catch (error) {
    const failure = tokenFailure(error, endpoints.refreshUrl, 'the refresh token');
    throw new SignInError(`Your access token expired and could not be renewed. ${failure.message} Sign in again.`);
  }
}

export interface ClientTokenRequest {
  endpoints: FlowEndpoints;
  serverUrl: string;
  clientId: string;
  /** Held by the caller for this request only: never stored. */
  clientSecret: string;
  scope: string;
  remember: boolean;
}

/**
 * An application's own token (the client credentials flow): the client id and secret sent in the body of the token
 * request (`client_secret_post`, which every server that takes the flow from a browser accepts).
 */
export async function clientCredentialsToken(request: ClientTokenRequest): Promise<SignedIn> {
  const problem = tokenEndpointProblem(request.endpoints, request.serverUrl);
  if (problem) throw new SignInError(problem);
  const as = server(request.endpoints);
  const client: oauth.Client = { client_id: request.clientId };
  try {
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(request.clientSecret),
      new URLSearchParams(request.scope ? { scope: request.scope } : {}),
      requestOptions(request.endpoints),
    );
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    return signedIn(request.serverUrl, request.clientId, result, request.remember);
  } catch (error) {
    throw tokenFailure(error, request.endpoints.tokenUrl, 'the client credentials');
  }
}

/**
 * Signing out: the token is revoked where the provider says it can be (RFC 7009), found from its metadata (RFC 8414,
 * or OpenID Connect discovery: OpenAPI names no revocation endpoint), and forgotten by the caller either way. The
 * answer says which happened: a token the provider cannot revoke stays valid until it expires.
 */
export async function revoke(flow: AuthorizationCodeFlow | ClientCredentialsFlow, token: SignedIn): Promise<string> {
  const endpoints = flowEndpoints(flow, token.serverUrl);
  const issuer = new URL(endpoints.issuer);
  const options = requestOptions(endpoints);
  let revocationEndpoint: string | undefined;
  for (const algorithm of ['oidc', 'oauth2'] as const) {
    try {
      const metadata = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { algorithm, [oauth.allowInsecureRequests]: insecureAllowed(endpoints) }),
      );
      revocationEndpoint = metadata.revocation_endpoint;
      if (revocationEndpoint) break;
    } catch {
      // No metadata at this address: try the other convention, then give up.
    }
  }
  const kept = 'so the token was forgotten here and stays valid at the provider until it expires';
  // Revoked only on the API's own origin, like every other request of the flow.
  if (!revocationEndpoint || new URL(revocationEndpoint).origin !== new URL(token.serverUrl).origin) {
    return `Signed out. The provider names no revocation endpoint on the API's host, ${kept}.`;
  }
  const as = { ...server(endpoints), revocation_endpoint: revocationEndpoint };
  const client: oauth.Client = { client_id: token.clientId };
  try {
    // The refresh token first: revoking it ends the grant, and with it every access token it gave.
    for (const value of [token.refreshToken, token.accessToken]) {
      if (!value) continue;
      const response = await oauth.revocationRequest(as, client, oauth.None(), value, options);
      await oauth.processRevocationResponse(response);
    }
  } catch (error) {
    const reason = error instanceof oauth.ResponseBodyError ? error.error : (error as Error).message;
    return `Signed out. The provider refused to revoke the token (${reason}), ${kept}.`;
  }
  return 'Signed out: the provider revoked the token.';
}
