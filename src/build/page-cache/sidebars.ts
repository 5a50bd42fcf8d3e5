import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The docs metadata every /docs page loads holds, for each lazy sidebar category (src/core/lazy-routes/sidebar.ts), a
 * key that is a hash of its items and its first item's label: both for the browser only. The server renders from the
 * whole metadata, and what it renders of a category the page is not in (collapsed, its items not rendered) is its
 * label, class and link. So that a call's new summary does not render every docs page again, the page cache knows
 * that chunk by a hash of what the server reads of it (`sidebarsShape`) rather than by its name. The page's own
 * category is not lost: its lazy route table, which the page names, holds the category's key.
 */

/** Where the bundle step leaves, for the render step, each docs metadata chunk's file and shape hash. */
export const sidebarHintsFile = 'page-cache-sidebars.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A pruned sidebar item with what only the browser reads blanked: a tuple's key and first label, or an object's. */
function shapeOf(item: Json): Json {
  if (Array.isArray(item)) {
    // A CompactCategory: [label, key, href, firstLabel, className?].
    const [label, , href, , ...rest] = item;
    return ['category', label, href, ...rest];
  }
  if (!item || typeof item !== 'object') return item;
  const { customProps, items, ...rest } = item;
  const lazy =
    customProps && typeof customProps === 'object' && !Array.isArray(customProps) && 'lazyCategory' in customProps;
  const shaped: { [key: string]: Json } = { ...rest };
  if (customProps !== undefined) {
    shaped.customProps = lazy ? { ...customProps, lazyCategory: '' } : customProps;
  }
  if (Array.isArray(items)) {
    shaped.items = lazy
      ? items.map((first) =>
          first && typeof first === 'object' && !Array.isArray(first) ? { ...first, label: '' } : first,
        )
      : items.map(shapeOf);
  }
  return shaped;
}

/** A hash of a pruned docs metadata module's text as the server's render reads it. */
export function sidebarsShape(prunedText: string): string {
  const data = JSON.parse(prunedText) as { version?: { docsSidebars?: Record<string, Json[]> } };
  const sidebars = data.version?.docsSidebars;
  const shaped = sidebars
    ? {
        ...data,
        version: {
          ...data.version,
          docsSidebars: Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, items.map(shapeOf)])),
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
