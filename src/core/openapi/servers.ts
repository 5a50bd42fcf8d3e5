import { isObject, text, type JsonObject } from './document';
import type { ServerVariableView } from './view/types';

/**
 * A document's server URLs are untrusted input that ends up inside shell commands, string literals of ten
 * languages, the explorer's request URL and the CSP. This is their one gate: a URL is used only when, after its
 * variables are filled, it is a plain absolute http(s) URL of a host, an optional port and a path of ordinary
 * characters; anything else (userinfo, a query or fragment, quotes, `$`, backticks, backslashes, spaces, control
 * characters, an unfilled `{variable}`) is refused with the reason, so no sample language can be made to evaluate
 * anything from a document.
 */

/** Host: a DNS name or an IPv4 or bracketed IPv6 address. Path: RFC 3986 unreserved, `%`, and `/ + , ; = : @`. */
const plainUrl =
  /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:\/[A-Za-z0-9\-._~%/+,;=:@]*)?$/;

/** A server as the explorer lists it. */
export interface ListedServer {
  label: string;
  /** With its variables at their defaults. */
  url: string;
  /** Of a server with variables: the template and its variables, which the explorer offers as fields. */
  template?: string;
  variables?: ServerVariableView[];
  /** On one of the API's own hosts or the local mock: the only servers the explorer sends to. */
  trusted: boolean;
}

/** Whether a URL starts with a scheme (`https:`, `mailto:`): a server URL without one is relative. */
export function hasUrlScheme(url: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url);
}

/** Why a server URL cannot be used, or undefined when it can. */
export function serverUrlProblem(url: string): string | undefined {
  if (url === '') return 'it is empty';
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  if (/[\u0000-\u001f\u007f]/.test(url)) return 'it holds a control character';
  if (/\{[^}]*\}/.test(url)) return 'it has a variable with no default';
  if (!/^https?:\/\//i.test(url)) return 'it is not an absolute http or https URL';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it does not parse as a URL';
  }
  if (parsed.username || parsed.password || /^https?:\/\/[^/]*@/i.test(url)) return 'it carries a user name';
  if (parsed.search || url.includes('?')) return 'it has a query string';
  if (parsed.hash || url.includes('#')) return 'it has a fragment';
  if (!plainUrl.test(url)) return 'it holds characters outside a plain URL (quotes, spaces, $, `, \\ or others)';
  return undefined;
}

/**
 * A server URL template with each `{variable}` replaced by its value in `values`; a variable without a value is
 * left in place (and then refused by `serverUrlProblem`).
 */
export function fillServerTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^{}]*)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? values[name] : placeholder,
  );
}

/**
 * The variables a server's URL names, each with its default, allowed values and description as its Server Variable
 * Object gives them, in the order the URL names them; a variable without a string default is left out.
 */
export function serverVariables(server: JsonObject): ServerVariableView[] {
  const declared = isObject(server.variables) ? server.variables : {};
  const names = [...new Set([...text(server.url).matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]))];
  return names.flatMap((name) => {
    const variable = Object.hasOwn(declared, name) ? declared[name] : undefined;
    if (!isObject(variable) || typeof variable.default !== 'string') return [];
    const allowed = Array.isArray(variable.enum)
      ? variable.enum.filter((value): value is string => typeof value === 'string')
      : [];
    return [
      {
        name,
        default: variable.default,
        ...(allowed.length > 0 ? { enum: allowed } : {}),
        description: text(variable.description),
      },
    ];
  });
}

/**
 * The server's URL with each `{variable}` replaced by the variable's default, as OpenAPI's Server Object says a
 * client uses it when the reader supplies no value.
 */
export function filledServerUrl(server: JsonObject): string {
  return fillServerTemplate(
    text(server.url),
    Object.fromEntries(serverVariables(server).map((variable) => [variable.name, variable.default])),
  );
}

/** `https://host[:port]` of a usable server URL, or undefined. */
export function serverOrigin(url: string): string | undefined {
  if (serverUrlProblem(url) !== undefined) return undefined;
  return new URL(url).origin;
}

/** Whether a request to `url` stays on one of the origins a credential may go to. */
export function isTrustedServer(url: string, trustedOrigins: readonly string[]): boolean {
  const origin = serverOrigin(url);
  return origin !== undefined && trustedOrigins.includes(origin);
}

/** The first of the URLs on a trusted origin. */
export function firstTrustedServer(urls: readonly string[], trustedOrigins: readonly string[]): string | undefined {
  return urls.find((url) => isTrustedServer(url, trustedOrigins));
}

/** The usable URLs of a list of Server Objects (a document's or an operation's), variables filled. */
export function usableServerUrls(servers: unknown): string[] {
  if (!Array.isArray(servers)) return [];
  return servers
    .filter(isObject)
    .map((server) => filledServerUrl(server))
    .filter((url) => serverUrlProblem(url) === undefined);
}

/**
 * Where a run of a recipe on "production" sends an API's calls: the document's first server on the API's own hosts
 * (its trusted origins but the local mock's). The runner sends there, and a sign-in before the run is for it.
 */
export function productionServer(
  servers: unknown,
  api: { mockUrl: string; trustedOrigins: readonly string[] },
): string | undefined {
  const mockOrigin = serverOrigin(api.mockUrl);
  return firstTrustedServer(
    usableServerUrls(servers),
    api.trustedOrigins.filter((origin) => origin !== mockOrigin),
  );
}
