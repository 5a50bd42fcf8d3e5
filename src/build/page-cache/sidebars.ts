import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The docs metadata every /docs page loads holds, for each lazy sidebar category (src/core/lazy-routes/sidebar.ts), a
 * key that is a hash of its items and its first item's label: both for the browser only. The server renders from the
 * whole metadata, and what it renders of a category the page is not in (collapsed, its items not rendered) is its
 * label, class and link (and, from its items, whether it shows at all and which is its first listed link). So that a
 * call's new summary does not render every docs page again, the page cache knows that chunk by a hash of what the
 * server reads of it (`sidebarsShape`) rather than by its name. The page's own category is not lost: its lazy route
 * table, which the page names, holds the category's key (the bundle stops when a category's page is not in a table:
 * src/build/lazy-routes/served.ts). A category's collapsed and collapsible state are in the shape (the tuple form
 * stands for both true).
 */

/** Where the bundle step leaves, for the render step, each docs metadata chunk's file and shape hash. */
export const sidebarHintsFile = 'page-cache-sidebars.json';

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
  const visit = (item: Json) => {
    if (!isItem(item)) return;
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
  return { first, unlisted };
}

/**
 * A pruned sidebar item with what only the browser reads replaced: a lazy category's key (by what the server reads of
 * its items, `itemsOf(key)`) and its first item's label.
 */
function shapeOf(item: Json, itemsOf: (key: string) => Json[] | undefined): Json {
  if (Array.isArray(item)) {
    // A CompactCategory: [label, key, href, firstLabel, className?].
    const [label, key, href, , ...rest] = item;
    return ['category', label, categoryView(typeof key === 'string' ? itemsOf(key) : undefined), href, ...rest];
  }
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
      : items.map((child) => shapeOf(child, itemsOf));
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
            Object.entries(sidebars).map(([name, items]) => [name, items.map((item) => shapeOf(item, itemsOf))]),
          ),
        },
      }
    : data;
  return createHash('sha256').update(JSON.stringify(shaped)).digest('hex');
}

/** The hints the bundle step left (file relative to the base URL → shape hash); none when it left none. */
export function readSidebarHints(generatedFilesDir: string): Map<string, string> {
  const file = path.join(generatedFilesDir, sidebarHintsFile);
  if (!existsSync(file)) return new Map();
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!value || typeof value !== 'object') return new Map();
    return new Map(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return new Map();
  }
}
