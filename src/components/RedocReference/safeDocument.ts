import { safeHref, toSafeMarkdown } from '../../lib/markdown/inline';
import { dataKeys, namedMapKeys } from '../../lib/openapi/keys';

/**
 * The document as Redoc may see it. Redoc renders descriptions from Markdown to HTML, and some extension fields
 * (`x-summary`, `x-enumDescriptions`, `x-logo`...) as HTML or links; document text is plain text everywhere else on
 * the site, so this is the escaping boundary of this one renderer, applied to the build-time and the runtime
 * document alike:
 * - every description is written again as Markdown from what the site's own reader understood (text escaped,
 *   links only to http, https, mailto or site paths, decided on the parsed URL);
 * - extension fields are dropped: the site shows none, and Redoc would trust them;
 * - URL fields that are links keep a safe URL or go.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const linkKeys = new Set(['url', 'termsOfService', 'authorizationUrl', 'tokenUrl', 'refreshUrl', 'openIdConnectUrl']);

function isObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toRedocDocument<T extends object>(document: T): T {
  const walk = (value: Json, key: string | undefined): Json | undefined => {
    if (typeof value === 'string') {
      if (key === 'description') return toSafeMarkdown(value);
      if (key !== undefined && linkKeys.has(key)) return safeHref(value);
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, undefined) ?? null);
    if (!isObject(value)) return value;
    const named = key !== undefined && namedMapKeys.has(key);
    const result: { [key: string]: Json } = {};
    for (const [childKey, child] of Object.entries(value)) {
      if (!named && childKey.startsWith('x-')) continue;
      const walked = !named && dataKeys.has(childKey) ? child : walk(child, named ? undefined : childKey);
      if (walked !== undefined) result[childKey] = walked;
    }
    return result;
  };
  return walk(document as Json, undefined) as T;
}
