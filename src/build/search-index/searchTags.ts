import type { SearchTarget } from '../../core/search/sections';
import { htmlText } from '../../core/text/escape';

/**
 * The tags Pagefind reads a page's section (a filter), kind and names (metadata, searched and weighted) from, as
 * `<meta>` elements: they are added to the HTML handed to the indexer only, so the served pages do not carry them.
 */
export function searchTags(target: SearchTarget): string {
  const tag = (attribute: 'filter' | 'meta', name: string, value: string) =>
    `<meta data-pagefind-${attribute}="${name}[content]" content="${htmlText(value)}">`;
  return [
    tag('filter', 'section', target.section),
    tag('meta', 'section', target.section),
    tag('meta', 'kind', target.kind),
    ...Object.entries(target.names).map(([name, value]) => tag('meta', name, value)),
  ].join('');
}

/**
 * The page's HTML with the search tags first inside its indexed root (`<article>`: Pagefind reads nothing outside
 * the root, the head included); unchanged when it has no such element.
 */
export function withSearchTags(html: string, target: SearchTarget, rootTag = 'article'): string {
  const open = new RegExp(`<${rootTag}(\\s[^>]*)?>`, 'i').exec(html);
  if (!open) return html;
  const end = open.index + open[0].length;
  return `${html.slice(0, end)}${searchTags(target)}${html.slice(end)}`;
}
