/**
 * The local OAuth2 server of `npm run mock`: oidc-provider (a certified OpenID Connect / OAuth 2.0 server, kept by
 * the author of the library the explorer signs in with), mounted on the API's mock origin at the paths of the
 * document's own authorization code flow (`/oauth/authorize`, `/oauth/token`), so Try it's "Local mock" signs in
 * exactly as "Production" would, against the same origin the CSP already allows for the mock.
 *
 * One public demo client (no secret, PKCE required, as a browser app must be) and any demo player: oidc-provider's
 * development sign-in and consent pages, which tests click through. Its tokens are opaque; the mock's credential
 * gate asks this server whether it issued a token (`verify`), so a made-up token is refused as production would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brand } from '../../config/brand';
import { demoOAuthClientId as demoClientId } from '../../config/mock';
import { callbackRoute, commonDirectory } from '../../src/core/oauth/flow';
import type { AuthorizationCodeFlow } from '../../src/core/openapi/view/types';

/** Where the site's pages come back after signing in (static/oauth2/callback.html). */
const callbackPath = `/${callbackRoute}`;

export interface OAuthServer {
  /** The path prefix the server answers under (`/oauth`). */
  mountPath: string;
  handles(pathname: string): boolean;
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** Whether this server issued this access token and it is still valid; why not, otherwise. */
  verify(token: string): Promise<string | undefined>;
  /** An access token for the demo player, as the sign-in would give (for tests of calls that need one). */
  issueToken(): Promise<string>;
}

export interface OAuthOptions {
  /** The mock's origin: `http://127.0.0.1:4011`. */
  origin: string;
  flow: AuthorizationCodeFlow;
  /** Access token lifetime in seconds (3600 by default; tests of refreshing use a few). */
  accessTokenTtl?: number;
}

/** Whether an origin is a browser page on this machine (any port): the demo client's pages. */
function loopbackOrigin(origin: string): boolean {
  return /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/.test(origin);
}

/**
 * oidc-provider's development sign-in pages import a web font from Google: taken out of the page (and its length put
 * right), since the mock's pages load nothing from elsewhere and the tests allow no request off this machine.
 */
function withoutWebFont(response: ServerResponse): void {
  const end = response.end.bind(response) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const type = String(response.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      const html = chunk
        .toString()
        .replace(/@import url\(https:\/\/fonts\.googleapis\.com\/[^)]*\);?/g, '')
        .replace(/<link[^>]*fonts\.googleapis\.com[^>]*>/g, '');
      if (!response.headersSent) response.setHeader('content-length', Buffer.byteLength(html));
      return end(html, ...rest);
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

export async function startOAuthServer(options: OAuthOptions): Promise<OAuthServer> {
  // ESM only: imported when an API of the mock declares the flow.
  const { default: Provider } = await import('oidc-provider');
  const paths = {
    authorization: new URL(options.flow.authorizationUrl).pathname,
    token: new URL(options.flow.tokenUrl).pathname,
  };
  const mountPath = commonDirectory([paths.authorization, paths.token]);
  const route = (pathname: string) => pathname.slice(mountPath.length) || '/';
  const siteCallback = new URL(callbackPath, brand.siteUrl).href;
  // RFC 6749 §3.3: a request without `scope` gets the server's default. The document's scopes when it lists some;
  // else one of the mock's own, since oidc-provider grants nothing without a scope.
  const documented = Object.keys(options.flow.scopes);
  const defaultScope = documented.length > 0 ? documented.join(' ') : 'api';
  const provider = new Provider(`${options.origin}${mountPath}`, {
    clients: [
      {
        client_id: demoClientId,
        // A native client: RFC 8252 lets its loopback redirect URIs take any port (tests and `npm start`).
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The site's callback page (any port on this machine, and the portal's), and the guide's sample app's.
        redirect_uris: [
          `http://127.0.0.1${callbackPath}`,
          `http://localhost${callbackPath}`,
          siteCallback,
          'http://127.0.0.1/callback',
        ],
      },
    ],
    scopes: [...new Set([...documented, 'api'])],
    routes: { authorization: route(paths.authorization), token: route(paths.token), revocation: '/revoke' },
    features: { devInteractions: { enabled: true }, revocation: { enabled: true } },
    pkce: { required: () => true },
    // Every sign-in gets a refresh token, so Try it can refresh an expired token as the flow declares.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // The browser exchanges the code itself: pages on this machine, and the portal, may read the answers.
    clientBasedCORS: (_ctx, origin) => loopbackOrigin(origin) || origin === new URL(brand.siteUrl).origin,
    ttl: {
      AccessToken: options.accessTokenTtl ?? 3600,
      Grant: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
    },
    // Any player signs in: this is the mock's demo account store.
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
    cookies: { keys: ['local-mock-only'] },
  });
  // Plain http on loopback: the mock is never behind TLS.
  provider.proxy = false;
  const callback = provider.callback();
  return {
    mountPath,
    handles: (pathname) => pathname === mountPath || pathname.startsWith(`${mountPath}/`),
    handle: (request, response) => {
      // Mounted as a framework would: the provider routes the path below its mount, and reads where it is mounted
      // from `originalUrl` when it writes its own URLs.
      const original = request.url ?? '/';
      let below = original.slice(mountPath.length) || '/';
      const url = new URL(below, 'http://mock');
      if (url.pathname === route(paths.authorization) && !url.searchParams.get('scope')) {
        url.searchParams.set('scope', defaultScope);
        below = `${url.pathname}${url.search}`;
      }
      Object.assign(request, { originalUrl: `${mountPath}${below}`, url: below });
      withoutWebFont(response);
      void callback(request, response);
    },
    async verify(token) {
      const found = await provider.AccessToken.find(token);
      if (!found) return 'the access token was not issued by the local OAuth2 server, or has expired';
      return undefined;
    },
    async issueToken() {
      const grant = new provider.Grant({ accountId: 'demo-player', clientId: demoClientId });
      const grantId = await grant.save();
      const client = await provider.Client.find(demoClientId);
      if (!client) throw new Error('the demo client is missing');
      const token = new provider.AccessToken({
        accountId: 'demo-player',
        client,
        grantId,
        gty: 'authorization_code',
        scope: '',
      });
      return token.save();
    },
  };
}
