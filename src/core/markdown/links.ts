const siteOrigin = 'https://site.invalid';

/**
 * Where a link may go, decided on the parsed URL: http, https, mailto, or a path or anchor of this site. Returns
 * the URL as the parser normalised it (percent-encoded, no blanks or control characters), or undefined for
 * anything else (`javascript:`, `data:`, `//other.host`, `/\other.host`).
 */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  // A bare `#` goes nowhere, so it is no link either.
  if (trimmed === '' || trimmed === '#') return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, `${siteOrigin}/`);
  } catch {
    return undefined;
  }
  // Written without a scheme, a link must stay on the site: `//host` and `/\host` are other origins in disguise.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    if (url.origin !== siteOrigin) return undefined;
    if (trimmed.startsWith('#')) return url.hash;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return url.href;
  return undefined;
}

/**
 * What the links inside a document's descriptions lead to. A document is written for its provider's own site:
 * Redoc-style anchors (`#operation/getLicences`, `#tag/Stickers`) name its calls and tags, and a site-relative link
 * (`/bots#privacy`) is a page of the provider's site. Each becomes the page of this portal that shows the same thing,
 * or the provider's page; an anchor that names nothing the portal has keeps its text and loses the link, so no
 * description can make a broken link on the site.
 */
export interface LinkTargets {
  /** The portal page of a call, by operation id. */
  operation?: (operationId: string) => string | undefined;
  /** The portal page (or place on a page) of a tag's calls. */
  tag?: (name: string) => string | undefined;
  /** The portal page of a named schema. */
  schema?: (name: string) => string | undefined;
  /**
   * The origin a site-relative link leads to (`https://core.telegram.org`); `false` when the provider's site is not
   * known (the link keeps its text); left out, such a link is a page of this portal (the portal's own documents link
   * to its guides).
   */
  siteOrigin?: string | false;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A fragment link a document's own renderer understood, as a page of the portal; undefined for any other. */
function anchorTarget(fragment: string, targets: LinkTargets): string | undefined {
  const anchor = decoded(fragment.slice(1));
  const operation = /^(?:tag\/[^/]+\/)?operation\/(.+)$/.exec(anchor);
  if (operation) return targets.operation?.(operation[1]);
  const tag = /^tag\/([^/]+)\/?$/.exec(anchor);
  if (tag) return targets.tag?.(tag[1]);
  const schema = /^(?:schema|model|\/components\/schemas)\/([^/]+)$/.exec(anchor);
  if (schema) return targets.schema?.(schema[1]);
  return undefined;
}

/**
 * Where a link in a document's description goes on this site, or undefined when it can go nowhere safe: see
 * `LinkTargets`, then `safeHref` on the result.
 */
export function resolveHref(href: string, targets: LinkTargets): string | undefined {
  const trimmed = href.trim();
  if (trimmed.startsWith('#')) {
    const target = anchorTarget(trimmed, targets);
    return target === undefined ? undefined : safeHref(target);
  }
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(trimmed);
  if (relative && targets.siteOrigin === false) return undefined;
  if (relative && targets.siteOrigin && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) {
    try {
      return safeHref(new URL(trimmed, `${targets.siteOrigin}/`).href);
    } catch {
      return undefined;
    }
  }
  return safeHref(trimmed);
}
