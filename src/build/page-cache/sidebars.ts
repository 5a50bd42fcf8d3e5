import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expandItems, type CompactCategory } from '../../core/lazy-routes/sidebar';

/*
 * The docs metadata every /docs page loads holds, for each lazy sidebar category (src/core/lazy-routes/sidebar.ts), a
 * key that is a hash of its items and its first item's label: both for the browser only. The server renders from the
 * whole metadata, and what it renders of a category the page is not in (collapsed, its items not rendered) is its
 * label, class and link (and, from its items, whether it shows at all and which is its first listed link). So that a
 * call's new summary does not render every docs page again, the page cache knows that chunk by a hash of what the
 * server reads of it (`sidebarsShape`) rather than by its name. The page's own category, which it shows whole, is not
 * lost: the page depends on the category's file, named by a hash of its items (`PageCacheHints.categories`; the bundle
 * stops when a category's page is not a lazy route, or is in two lazy categories: src/build/lazy-routes/served.ts). A category's collapsed and collapsible state are in the shape (the tuple form
 * stands for both true).
 */

/** Where the bundle step leaves, for the render step, what the page cache knows some files by (`PageCacheHints`). */
export const sidebarHintsFile = 'page-cache-sidebars.json';

/**
 * What the bundle step tells the render step about files whose names change when nothing a page renders from did:
 * - `sidebars`: each docs metadata chunk's file and its shape's hash (`sidebarsShape`);
 * - `tables`: each lazy route table's file and its index. A table holds, for each of its routes, its modules' chunks
 *   and its sidebar category's key, for the browser only (the server renders from its own bundle): a call's new label
 *   changes its category's key in every table holding one of the category's pages, some 1,400 pages at Graph's size
 *   (24 routes a table) of which only the category's own render differently. So a page knows its table by its index
 *   (its own route's chunks are named by the page itself) and its own category by `categories`;
 * - `categories`: the file of each lazy category page's category, by the page's path (the file is named by a hash of
 *   the category's items, all of which the page shows).
 */
export interface PageCacheHints {
  sidebars: Map<string, string>;
  tables: Map<string, number>;
  categories: Map<string, string>;
}

/** The hints as the bundle step writes them. */
export function hintsText(hints: {
  sidebars: Iterable<[string, string]>;
  tables: Iterable<[string, number]>;
  categories: Iterable<[string, string]>;
}): string {
  return JSON.stringify({
    sidebars: Object.fromEntries(hints.sidebars),
    tables: Object.fromEntries(hints.tables),
    categories: Object.fromEntries(hints.categories),
  });
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Item = { [key: string]: Json };
const isItem = (value: Json | undefined): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the server reads of a lazy category's items when the page is not in it, beyond its first item: the category
 * shows when any item is listed, and links to its first listed one (Docusaurus's `isVisibleSidebarItem` and
 * `findFirstSidebarItemLink`, plugin-content-docs/lib/client/docsUtils.js). Unlisted items are rare: for a category
 * without any, this is its first item's link, so a call added to it does not change every page's shape.
 */
function categoryView(items: Json[] | undefined): Json {
  if (!items) return null;
  const unlisted: string[] = [];
  let first: string | null = null;
  // Items other than links and categories (`html`) always show, and so make their category show.
  let others = 0;
  const visit = (item: Json) => {
    if (!isItem(item)) return;
    if (item.type !== 'link' && item.type !== 'category') others += 1;
    if (item.type === 'link' && typeof item.href === 'string') {
      if (item.unlisted === true) unlisted.push(item.href);
      else first ??= item.href;
    }
    if (item.type === 'category') {
      if (typeof item.href === 'string' && item.linkUnlisted !== true) first ??= item.href;
      if (Array.isArray(item.items)) item.items.forEach(visit);
    }
  };
  items.forEach(visit);
  return { first, unlisted, others };
}

/** A list of the pruned module with its lazy categories' tuples (`CompactCategory`) as objects again. */
const expandJson = (items: Json[]): Json[] => expandItems(items as (Item & { type: string })[] | CompactCategory[]);

/**
 * A pruned sidebar item with what only the browser reads replaced: a lazy category's key (by what the server reads of
 * its items, `itemsOf(key)`) and its first item's label.
 */
function shapeOf(item: Json, itemsOf: (key: string) => Json[] | undefined): Json {
  if (!isItem(item)) return item;
  const { customProps, items, ...rest } = item;
  const key = isItem(customProps) ? customProps.lazyCategory : undefined;
  const lazy = isItem(customProps) && 'lazyCategory' in customProps;
  const shaped: Item = { ...rest };
  if (customProps !== undefined) {
    shaped.customProps = lazy
      ? { ...customProps, lazyCategory: categoryView(typeof key === 'string' ? itemsOf(key) : undefined) }
      : customProps;
  }
  if (Array.isArray(items)) {
    shaped.items = lazy
      ? items.map((first) => (isItem(first) ? { ...first, label: '' } : first))
      : expandJson(items).map((child) => shapeOf(child, itemsOf));
  }
  return shaped;
}

/**
 * A hash of a pruned docs metadata module's text as the server's render reads it; `itemsOf` gives a lazy category's
 * items by its key (the bundle step has them: the category files it emits).
 */
export function sidebarsShape(prunedText: string, itemsOf: (key: string) => Json[] | undefined): string {
  const data = JSON.parse(prunedText) as { version?: { docsSidebars?: Record<string, Json[]> } };
  const sidebars = data.version?.docsSidebars;
  const shaped = sidebars
    ? {
        ...data,
        version: {
          ...data.version,
          docsSidebars: Object.fromEntries(
            Object.entries(sidebars).map(([name, items]) => [
              name,
              expandJson(items).map((item) => shapeOf(item, itemsOf)),
            ]),
          ),
        },
      }
    : data;
  return createHash('sha256').update(JSON.stringify(shaped)).digest('hex');
}

/** The hints the bundle step left; none when it left none, or a file this code cannot read. */
export function readPageCacheHints(generatedFilesDir: string): PageCacheHints {
  const none: PageCacheHints = { sidebars: new Map(), tables: new Map(), categories: new Map() };
  const file = path.join(generatedFilesDir, sidebarHintsFile);
  if (!existsSync(file)) return none;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> | null;
    const entries = <T>(field: string, type: 'string' | 'number') => {
      const object = value?.[field];
      if (!object || typeof object !== 'object' || Array.isArray(object)) return new Map<string, T>();
      return new Map(Object.entries(object).filter((entry): entry is [string, T] => typeof entry[1] === type));
    };
    return {
      sidebars: entries<string>('sidebars', 'string'),
      tables: entries<number>('tables', 'number'),
      categories: entries<string>('categories', 'string'),
    };
  } catch {
    return none;
  }
}
