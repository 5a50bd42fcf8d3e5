/** Pure helpers for the link check: what a page links to, and which of those links stay on the site. */

const hrefPattern = /<a\b[^>]*?\bhref="([^"]*)"/g;
const idPattern = /\bid="([^"]+)"/g;

export function extractHrefs(html: string): string[] {
  return [...html.matchAll(hrefPattern)].map((match) => decodeHtml(match[1] ?? ''));
}

export function extractIds(html: string): Set<string> {
  return new Set([...html.matchAll(idPattern)].map((match) => decodeHtml(match[1] ?? '')));
}

function decodeHtml(text: string): string {
  return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&#39;', "'");
}

export interface InternalLink {
  /** Path to request, without the fragment. */
  path: string;
  /** Fragment without `#`, or undefined. */
  anchor: string | undefined;
}

/** Resolves an href found on `pageUrl`; undefined for links that leave the site or are not navigations. */
export function internalLink(href: string, pageUrl: string): InternalLink | undefined {
  if (href === '' || /^(mailto|tel|javascript|data):/i.test(href)) return undefined;
  const base = new URL(pageUrl);
  const target = new URL(href, base);
  if (target.origin !== base.origin) return undefined;
  const anchor = target.hash ? decodeURIComponent(target.hash.slice(1)) : undefined;
  return { path: target.pathname + target.search, anchor };
}

/** The paths of a sitemap's pages (`<loc>https://host/docs/</loc>` → `/docs/`). */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}
