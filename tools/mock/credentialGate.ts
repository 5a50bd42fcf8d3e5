import { isObject, listOperations, type JsonObject } from '../../src/core/openapi/document';

/**
 * The credential check in front of the mock server. Prism takes any bearer token, even `Bearer undefined` (what a
 * JavaScript sample sends when its variable is unset) or `Bearer ` (what curl sends), so a sample that forgot the
 * credential would still get 200 from it; the real API answers 401. This check answers 401 the same way.
 */

/** Tokens that are what a language prints for a missing value, never a credential. */
const missingValues = new Set(['undefined', 'null', 'none', 'nil', '$undefined']);

/** Why an Authorization header is no credential, or undefined when it carries one. */
export function credentialProblem(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization.trim() === '') return 'no Authorization header';
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(authorization);
  if (!match) return 'the Authorization header is not `Bearer <credential>`';
  const token = match[1];
  if (token === '') return 'the Authorization header has an empty credential';
  if (missingValues.has(token.toLowerCase()) || /^\$\{?\w+\}?$/.test(token)) {
    return `the Authorization header carries \`${token}\`, a variable that was not set, not a credential`;
  }
  return undefined;
}

function templateMatcher(template: string): RegExp {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}/?$`);
}

/**
 * Whether the document's operation at this method and path (the request's pathname, as Prism serves it) needs a
 * credential: its own `security`, else the document's. An unknown path needs none here (Prism answers it 404).
 */
export function securedOperations(document: JsonObject): (method: string, pathname: string) => boolean {
  const global = Array.isArray(document.security) ? document.security : [];
  const operations = listOperations(document).map((ref) => ({
    method: ref.method,
    matcher: templateMatcher(ref.path),
    secured: (Array.isArray(ref.operation.security) ? ref.operation.security : global).some((requirement) =>
      isObject(requirement),
    ),
  }));
  return (method, pathname) =>
    operations.some(
      (operation) => operation.secured && operation.method === method.toLowerCase() && operation.matcher.test(pathname),
    );
}
