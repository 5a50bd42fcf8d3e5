import { positiveIntegerFrom } from '../env';

/**
 * How many items of one sidebar list the server renders unless `SIDEBAR_SERVER_ITEMS` says otherwise. Every docs
 * page's HTML carries its sidebar, so a list as long as the API (at 16 times today's Data API, 208 tag categories,
 * some 98 KB on each of 2,881 pages) made every page's bytes grow with the API and the site's with its square.
 * Past the limit, the server renders the first items, the one on the reader's path and a link to the list's own
 * page; the browser renders the rest once the page has hydrated. Today's lists are well within it.
 */
export const defaultSidebarServerItems = 48;

export function sidebarServerItemsFrom(env: Record<string, string | undefined>): number {
  return positiveIntegerFrom(env, 'SIDEBAR_SERVER_ITEMS', defaultSidebarServerItems, 'items');
}

/** Which items of a list the server renders: all of a short list; of a longer one the first `limit` and those on the reader's path. */
export function serverShownItems<T>(items: readonly T[], limit: number, onPath: (item: T) => boolean): boolean[] {
  if (items.length <= limit) return items.map(() => true);
  return items.map((item, index) => index < limit || onPath(item));
}
