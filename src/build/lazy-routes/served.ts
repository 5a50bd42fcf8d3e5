import { createHash } from 'node:crypto';
import { pruneSidebars } from '../../core/lazy-routes/sidebar';
import { categoryFile } from '../../core/lazy-routes/categoryFile';
import { splitRouteTables, type GeneratedFiles, type SplitOptions } from './split';

/** A module the loader serves in place of Docusaurus's: the text it replaces (checked) and the text it serves. */
export interface ServedModule {
  original: string;
  text: string;
}

/**
 * Lazy table `n`'s file, relative to Docusaurus's generated files (routes.js imports it from there), in a folder the
 * plugin empties before each production bundle: not `lazy-routes/`, where Docusaurus keeps the plugin's data. Each
 * table is a file of its own, written by the plugin, not a query on registry.js served by the loader: the bundler reads
 * a module's resource once per module and holds it, so 612 tables of Microsoft Graph's 14,689 routes each carried its
 * 7.4 MB registry.js: 4.4 GB at the end of module building and 7.7 GB at the bundle step's peak (one run, 2026-11-28).
 */
export function lazyTableFile(table: number): string {
  return `lazy-route-tables/table-${table}.js`;
}

/**
 * A lazy sidebar category's key: a hash of its items (the browser's docs metadata writes it once per category, so it
 * is short); its file is `categoryFile(key)`, relative to the site's base URL.
 */
export function categoryKey(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export interface Served {
  /** Keyed as the loader looks them up. */
  modules: Record<string, ServedModule>;
  /** The lazy tables' modules, by their file (`lazyTableFile`). */
  tables: Map<string, string>;
  /** Per lazy table (its chunk is `lazy-route-table-<index>`), the chunk names of its routes' modules. */
  tableChunks: string[][];
  /**
   * The lazy sidebar categories' files (src/core/lazy-routes/sidebar.ts): their text by path relative to the output
   * directory.
   */
  files: Map<string, string>;
  /** The lazy category of each page, by its path: the key of its file (`categoryFile(key)`). */
  categoryOfPath: Map<string, string>;
}

/**
 * Everything the production client bundle gets in place of Docusaurus's tables: the modules the loader (loader.cjs)
 * serves (the split route tables under their names, and each docs version's metadata module, its lazy categories cut
 * out, under its full path), the lazy tables' files to write, and the categories' files to emit.
 */
export function servedModules(
  files: GeneratedFiles,
  versions: readonly { file: string; text: string }[],
  options: Omit<SplitOptions, 'lazyTableRequest' | 'categoryOf'>,
): Served {
  const categories = new Map<string, string>();
  const categoryOfPath = new Map<string, string>();
  const prunedVersions = versions.map(({ file, text }) => {
    const pruned = pruneSidebars(text, (items) => categoryKey(JSON.stringify(items)));
    for (const [key, items] of pruned.categories) categories.set(categoryFile(key), JSON.stringify(items));
    for (const [route, key] of pruned.categoryOfPath) categoryOfPath.set(route, key);
    return [file, { original: text, text: pruned.text }] as const;
  });
  const split = splitRouteTables(files, {
    ...options,
    lazyTableRequest: (table) => `./${lazyTableFile(table)}`,
    categoryOf: (route) => categoryOfPath.get(route),
  });
  // A page of a lazy category learns its category's items from its lazy table (the browser loads them with it): a page
  // outside the tables would show its category cut to its first item once hydrated.
  // (A category's link that is no route of this site, such as an external one, has no page to copy.)
  const lazyRoutes = new Set(split.lazyRoutes);
  const outside = [...categoryOfPath.keys()].filter(
    (route) => !lazyRoutes.has(route) && files.routes.includes(`path: '${route}',`),
  );
  if (outside.length > 0) {
    throw new Error(
      `[lazy-routes] ${outside.length} page(s) of a lazy sidebar category are not lazy routes (their modules are ` +
        `outside the plugin's modulePrefixes), e.g. ${outside.slice(0, 3).join(', ')}`,
    );
  }
  const modules = {
    'registry.js': { original: files.registry, text: split.registry },
    'routesChunkNames.json': { original: files.routesChunkNames, text: split.routesChunkNames },
    'routes.js': { original: files.routes, text: split.routes },
    ...Object.fromEntries(prunedVersions),
  };
  return {
    modules,
    tables: new Map(split.lazyTables.map((text, table) => [lazyTableFile(table), text])),
    tableChunks: split.lazyTableChunks,
    files: categories,
    categoryOfPath,
  };
}
