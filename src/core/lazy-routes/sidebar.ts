/*
 * Every page of a docs version loads the version's metadata, sidebars included: with one category per tag of every
 * call and schema, that module grew with the API (35 KB at today's size, 571 KB at 16 times it) and made every
 * reference page's JavaScript grow with it. In the browser's bundle, each category the generated sidebars mark
 * `customProps.lazyItems` keeps only its first item (so it renders, collapsed, exactly as the server rendered it: same
 * label, same first link) and its items move to a JSON file of their own (not a chunk: the webpack runtime, which every
 * page loads, names each chunk), fetched with a page of the category (the lazy route tables say which) or when the
 * reader opens it (src/components/LazyRouteGroup, the DocRoot and sidebar category wrappers). The server bundle keeps the
 * whole metadata to render every page.
 */

interface SidebarItem {
  type: string;
  href?: string;
  label?: string;
  className?: string;
  unlisted?: boolean;
  items?: SidebarItem[];
  customProps?: Record<string, unknown>;
}

export interface PrunedSidebars {
  /** The metadata module's text with the lazy categories cut to their first item. */
  text: string;
  /** The items of each lazy category, by the key written into its `customProps.lazyCategory`. */
  categories: Map<string, SidebarItem[]>;
  /** The lazy category of each page, by the page's path. */
  categoryOfPath: Map<string, string>;
}

function links(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => [...(item.href ? [item.href] : []), ...links(item.items ?? [])]);
}

/**
 * A lazy category's first item as the browser's metadata keeps it: what a collapsed category reads of it (its `href`:
 * the category's link while hydrating, as the server rendered it) and what shows while the rest loads once the reader
 * opens it (its label). Its `docId` goes: read only for the current page's breadcrumbs, and the current page's category
 * is loaded whole before the page renders; so does `unlisted: false` (read for every item: an unlisted page hides),
 * which an absent field reads as; and so does its `className` (the call's method badge): a collapsed category renders
 * none of its items, and an opened one shows its loaded items, badges included, some milliseconds later. About 86 bytes
 * of each of Microsoft Graph's 419 categories (176 KB to 140 KB) in a module every /docs page loads, and some 29 bytes
 * more for the class. A nested category stays as it is.
 */
function shownFirst(item: SidebarItem): SidebarItem {
  if (item.type !== 'link') return item;
  const { type, href, label, unlisted } = item;
  return { type, href, label, ...(unlisted ? { unlisted } : {}) };
}

/**
 * A pruned lazy category of the usual shape as a tuple: label, key, its first item's link front-coded (how many
 * characters it shares with the link of the tuple before it in the same list, and the rest) and its first item's
 * label. `expandItems` gives the objects back. Docusaurus's keys and defaults, written out for each of hundreds of
 * categories, were nearly half of the metadata module every /docs page loads (Microsoft Graph's 419 categories: 140
 * KB, 79 KB as tuples with the link whole and the class, measured 2026-11-28); the links of one API's categories share
 * their folder (`/docs/real-autotask/`: 20 characters of 62 on average at Autotask). The DocRoot wrapper expands them
 * before anything reads the sidebars.
 */
export type CompactCategory = [label: string, key: string, shared: number, rest: string, firstLabel: string];

const categoryFields = ['collapsed', 'collapsible', 'customProps', 'items', 'label', 'type'];

function sharedLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  // Never between the two halves of a character outside the BMP: the module would carry a lone surrogate.
  if (length > 0 && /[\uD800-\uDBFF]/.test(a[length - 1])) length -= 1;
  return length;
}

/** The tuple of a lazy category of the usual shape (`CompactCategory`), or undefined; `previous` is the link before. */
function compactCategory(item: SidebarItem, previous: string): CompactCategory | undefined {
  const [first] = item.items ?? [];
  const { label, collapsed, collapsible, customProps } = item as SidebarItem & Record<string, unknown>;
  const key = customProps?.lazyCategory;
  const shaped =
    Object.keys(item).sort().join() === categoryFields.join() &&
    collapsed === true &&
    collapsible === true &&
    typeof label === 'string' &&
    typeof key === 'string' &&
    Object.keys(customProps ?? {}).length === 1 &&
    item.items?.length === 1 &&
    first.type === 'link' &&
    typeof first.href === 'string' &&
    typeof first.label === 'string' &&
    Object.keys(first).every((field) => ['type', 'href', 'label'].includes(field));
  if (!shaped) return undefined;
  const href = first.href as string;
  const shared = sharedLength(previous, href);
  return [label, key, shared, href.slice(shared), first.label as string];
}

/**
 * A list's items with each tuple (`compactCategory`) a lazy category's object again, its link decoded against the
 * tuple before it; other items as they are. The same array when it holds no tuple. Not recursive: `fillSidebar`
 * expands each list it walks into.
 */
export function expandItems<Item extends SidebarItem>(items: readonly (Item | CompactCategory)[]): Item[] {
  if (!items.some((item) => Array.isArray(item))) return items as Item[];
  let previous = '';
  return items.map((item) => {
    if (!Array.isArray(item)) return item;
    const [label, key, shared, rest, firstLabel] = item;
    const href = previous.slice(0, shared) + rest;
    previous = href;
    return {
      type: 'category',
      label,
      collapsed: true,
      collapsible: true,
      items: [{ type: 'link', href, label: firstLabel }],
      customProps: { lazyCategory: key },
    } as unknown as Item;
  });
}

/**
 * Prunes a docs version metadata module (the `version` route prop, JSON text); another module is returned as is.
 * `keyOf` names a category by its items (the file they are served from).
 */
export function pruneSidebars(text: string, keyOf: (items: readonly SidebarItem[]) => string): PrunedSidebars {
  const categories = new Map<string, SidebarItem[]>();
  const categoryOfPath = new Map<string, string>();
  const data = JSON.parse(text) as { version?: { docsSidebars?: Record<string, SidebarItem[]> } };
  const sidebars = data.version?.docsSidebars;
  if (!sidebars) return { text, categories, categoryOfPath };
  // In the module, an item may be a tuple (`CompactCategory`): the browser's sidebars are read through fillSidebar.
  const pruneList = (items: readonly SidebarItem[]): (SidebarItem | CompactCategory)[] => {
    let previous = '';
    return items.map((item) => {
      const kept = prune(item);
      if (kept.type !== 'category' || kept.customProps?.lazyCategory === undefined) return kept;
      const tuple = compactCategory(kept, previous);
      if (!tuple) return kept;
      previous = previous.slice(0, tuple[2]) + tuple[3];
      return tuple;
    });
  };
  const prune = (item: SidebarItem): SidebarItem => {
    if (item.type !== 'category') return item;
    if (item.customProps?.lazyItems !== true || !item.items || item.items.length < 2) {
      return item.items ? { ...item, items: pruneList(item.items) as SidebarItem[] } : item;
    }
    const key = keyOf(item.items);
    categories.set(key, item.items);
    // The category's own page (its link) is in it too: the category is on its path, so that page shows it whole.
    for (const href of [...(item.href ? [item.href] : []), ...links(item.items)]) {
      const other = categoryOfPath.get(href);
      // A page has one category whose items its route names: in two, it would show one the browser does not load.
      if (other !== undefined && other !== key) {
        throw new Error(`[lazy-routes] ${href} is in two sidebar categories that load their items apart`);
      }
      categoryOfPath.set(href, key);
    }
    // `lazyCategory` replaces the generator's `lazyItems`: one short field in a module every /docs page loads.
    const customProps = Object.fromEntries(Object.entries(item.customProps).filter(([name]) => name !== 'lazyItems'));
    return { ...item, items: [shownFirst(item.items[0])], customProps: { ...customProps, lazyCategory: key } };
  };
  const pruned = Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, pruneList(items)]));
  if (categories.size === 0) return { text, categories, categoryOfPath };
  return {
    text: JSON.stringify({ ...data, version: { ...data.version, docsSidebars: pruned } }),
    categories,
    categoryOfPath,
  };
}

/**
 * Sidebars with each lazy category expanded from its tuple and, when its items are known, filled again: what the
 * DocRoot wrapper gives the docs root, so the page's own category (and any the reader opened) shows whole.
 */
export function fillSidebar<Item extends SidebarItem>(
  items: readonly (Item | CompactCategory)[],
  loaded: (key: string) => Item[] | undefined,
): Item[] {
  const expanded = expandItems(items);
  let changed = expanded !== items;
  const filled = expanded.map((item) => {
    if (item.type !== 'category') return item;
    const key = item.customProps?.lazyCategory;
    const full = typeof key === 'string' ? loaded(key) : undefined;
    if (full) {
      changed = true;
      return { ...item, items: full };
    }
    if (!item.items) return item;
    const inner = fillSidebar(item.items as (Item | CompactCategory)[], loaded);
    if (inner === item.items) return item;
    changed = true;
    return { ...item, items: inner };
  });
  return changed ? filled : (items as Item[]);
}
