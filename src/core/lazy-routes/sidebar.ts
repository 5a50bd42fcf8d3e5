/*
 * Every page of a docs version loads the version's metadata, sidebars included: with one category per tag of every
 * call and schema, that module grew with the API (35 KB at today's size, 571 KB at 16 times it) and made every
 * reference page's JavaScript grow with it. In the browser's bundle, each category the generated sidebars mark
 * `customProps.lazyItems` keeps only its first item (so it renders, collapsed, exactly as the server rendered it: same
 * label, same first link) and its items move to a JSON file of their own (not a chunk: the webpack runtime, which every
 * page loads, names each chunk), fetched with a page of the category (the lazy route tables say which) or when the
 * reader opens it (client/lazyRouteGroup.tsx, the DocRoot and sidebar category wrappers). The server bundle keeps the
 * whole metadata to render every page.
 */

interface SidebarItem {
  type: string;
  href?: string;
  label?: string;
  className?: string;
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
 * opens it (label and method badge). Its `docId` and `unlisted` go: read only to find the current page's breadcrumbs
 * and visibility, and the current page's category is loaded whole before the page renders. About 60 bytes a category
 * in a module every /docs page loads (Microsoft Graph's sidebar has hundreds). A nested category stays as it is.
 */
function shownFirst(item: SidebarItem): SidebarItem {
  if (item.type !== 'link') return item;
  const { type, href, label, className } = item;
  return { type, href, label, ...(className === undefined ? {} : { className }) };
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
  const prune = (item: SidebarItem): SidebarItem => {
    if (item.type !== 'category') return item;
    if (item.customProps?.lazyItems !== true || !item.items || item.items.length < 2) {
      return item.items ? { ...item, items: item.items.map(prune) } : item;
    }
    const key = keyOf(item.items);
    categories.set(key, item.items);
    for (const href of links(item.items)) categoryOfPath.set(href, key);
    // `lazyCategory` replaces the generator's `lazyItems`: one short field in a module every /docs page loads.
    const customProps = Object.fromEntries(Object.entries(item.customProps).filter(([name]) => name !== 'lazyItems'));
    return { ...item, items: [shownFirst(item.items[0])], customProps: { ...customProps, lazyCategory: key } };
  };
  const pruned = Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, items.map(prune)]));
  if (categories.size === 0) return { text, categories, categoryOfPath };
  return {
    text: JSON.stringify({ ...data, version: { ...data.version, docsSidebars: pruned } }),
    categories,
    categoryOfPath,
  };
}

/**
 * Sidebars with each lazy category whose items are known filled again: what the DocRoot wrapper gives the docs
 * root, so the page's own category (and any the reader opened) shows whole.
 */
export function fillSidebar<Item extends SidebarItem>(
  items: readonly Item[],
  loaded: (key: string) => Item[] | undefined,
): Item[] {
  let changed = false;
  const filled = items.map((item) => {
    if (item.type !== 'category') return item;
    const key = item.customProps?.lazyCategory;
    const full = typeof key === 'string' ? loaded(key) : undefined;
    if (full) {
      changed = true;
      return { ...item, items: full };
    }
    if (!item.items) return item;
    const inner = fillSidebar(item.items as Item[], loaded);
    if (inner === item.items) return item;
    changed = true;
    return { ...item, items: inner };
  });
  return changed ? filled : (items as Item[]);
}
