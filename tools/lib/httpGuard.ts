import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The checks in front of the MCP server's Streamable HTTP endpoint. The server acts with the developer's credential
 * (`ARENA_API_KEY`, a token) from its environment, so a web page the developer happens to open must not reach it:
 * a page can rebind its own name to 127.0.0.1 (DNS rebinding) and then send requests whose `Host` is its own name,
 * and any page can post to a loopback port with its own `Origin`. The MCP specification says a server MUST validate
 * `Origin`; the SDK's transport options for it are deprecated in favour of middleware, and its middleware is
 * Express's (which this server does not use) and lets any port through, so these are small functions of our own.
 * A bearer token the server generates at start is asked for on top: a page can set neither header.
 */

/** The hostnames of this machine a client may name in `Host`: the server binds to 127.0.0.1 only. */
const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];

/** Why a request's `Host` is refused, or undefined: it must be a loopback name with the server's own port. */
export function hostProblem(host: string | undefined, port: number): string | undefined {
  if (!host) return 'the request has no Host header';
  if (!loopbackNames.some((name) => host.toLowerCase() === `${name}:${port}`)) {
    return `Host ${JSON.stringify(host.slice(0, 100))} is not this server (127.0.0.1:${port}, localhost:${port})`;
  }
  return undefined;
}

/**
 * Why a request's `Origin` is refused, or undefined. A request without one (an MCP client, curl) passes; one with an
 * origin passes only when that origin is in the allow-list the person gave (`--allow-origin`, none by default).
 */
export function originProblem(origin: string | undefined, allowed: readonly string[]): string | undefined {
  if (origin === undefined) return undefined;
  if (allowed.includes(origin)) return undefined;
  return `Origin ${JSON.stringify(origin.slice(0, 100))} may not use this server (a web page cannot reach it; allow an origin with --allow-origin)`;
}

/** A new token for a server's run: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether `Authorization` carries the server's token, compared in constant time: both sides are hashed first, so
 * neither the comparison's time nor a length check says how much of a guess was right.
 */
export function tokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, digest(token)) && match !== null;
}

export interface GuardAnswer {
  status: 401 | 403 | 404;
  message: string;
}

/**
 * What a request gets before any MCP message is read, or undefined when it may go on: the host and the origin
 * first (403: a page's request is refused whatever it carries), then the token (401), then the path (404).
 */
export function guardRequest(
  request: { host?: string; origin?: string; authorization?: string; path: string },
  settings: { port: number; allowedOrigins: readonly string[]; token: string },
): GuardAnswer | undefined {
  const refused = hostProblem(request.host, settings.port) ?? originProblem(request.origin, settings.allowedOrigins);
  if (refused) return { status: 403, message: refused };
  if (!tokenMatches(request.authorization, settings.token)) {
    return {
      status: 401,
      message: 'this server asks for its token: send Authorization: Bearer <the token it printed when it started>',
    };
  }
  if (request.path !== '/mcp') return { status: 404, message: 'the MCP endpoint is /mcp' };
  return undefined;
}
