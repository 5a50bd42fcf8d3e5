/*
 * Docusaurus ships the table of every route in the main bundle, on every page (facebook/docusaurus#7256): for each
 * page a line in `registry.js` (its modules' loaders) and an entry in `routesChunkNames.json` (which modules it
 * needs), besides its entry in `routes.js`. For this site's 174 generated reference pages that is 42 KB of every
 * page's JavaScript. These functions move the reference pages' share of both tables into lazily loaded modules
 * (the "lazy tables", a fixed number of routes each, so that a reference page's share stays the same as the API
 * grows), and give those routes a component that loads their table first (../client/lazyRouteComponent.tsx).
 * They work on the text of Docusaurus's generated files and throw when that text is not shaped as expected, so a
 * Docusaurus upgrade that changes the format fails the build instead of shipping a broken site.
 */

export interface RegistryEntry {
  chunkName: string;
  modulePath: string;
  /** The entry's text in registry.js, from its key to its closing bracket. */
  text: string;
}

const entryPattern =
  /"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "([^"]+)"\), "[^"]+", require\.resolveWeak\("[^"]+"\)\]/g;

/** Reads the entries of Docusaurus's generated registry.js. */
export function parseRegistry(source: string): RegistryEntry[] {
  const entries = [...source.matchAll(entryPattern)].map(([text, chunkName, modulePath]) => ({
    chunkName,
    modulePath,
    text,
  }));
  const expected = source.match(/": \[\(\) => import\(/g)?.length ?? 0;
  if (entries.length !== expected) {
    throw new Error(`[lazy-routes] registry.js has ${expected} entries, ${entries.length} of the expected shape`);
  }
  return entries;
}

function chunkNamesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(chunkNamesOf);
  return [];
}

export interface GeneratedFiles {
  registry: string;
  routesChunkNames: string;
  routes: string;
}

export interface SplitOptions {
  /** Whether a module (as registry.js names it, `@site/...`) belongs to the lazily loaded routes. */
  isLazyModule: (modulePath: string) => boolean;
  /** Import request of the client helper that makes a lazy route's component. */
  helperRequest: string;
  /**
   * Import request, relative to routes.js, of the lazy tables (the loader serves table `n` from registry.js's query
   * plus `=n`).
   */
  lazyTableRequest: string;
  /** Routes per lazy table: a page loads the one table that holds it, so its cost stays the same as the site grows. */
  routesPerTable: number;
}

export interface SplitFiles extends GeneratedFiles {
  /** The lazy tables: each registers its routes' moved entries in the main tables when it loads. */
  lazyTables: string[];
  lazyRoutes: string[];
}

/** Moves the routes whose modules are lazy out of the main route tables, into the lazy table. */
export function splitRouteTables(files: GeneratedFiles, options: SplitOptions): SplitFiles {
  const lazyEntries = parseRegistry(files.registry).filter((entry) => options.isLazyModule(entry.modulePath));
  const lazyChunks = new Set(lazyEntries.map((entry) => entry.chunkName));

  let registry = files.registry;
  for (const entry of lazyEntries) {
    const before = registry;
    registry = registry.replace(`${entry.text},`, '');
    if (registry === before)
      throw new Error(`[lazy-routes] registry.js: entry ${entry.chunkName} is not followed by ","`);
  }

  const chunkNames = JSON.parse(files.routesChunkNames) as Record<string, unknown>;
  const lazyKeys = Object.keys(chunkNames).filter((key) =>
    chunkNamesOf(chunkNames[key]).some((c) => lazyChunks.has(c)),
  );
  const lazyKeySet = new Set(lazyKeys);
  const keptChunkNames = Object.fromEntries(Object.entries(chunkNames).filter(([key]) => !lazyKeySet.has(key)));

  // Table n holds routes n * routesPerTable onwards, in the order of Docusaurus's table; a chunk two routes share
  // goes into each of their tables.
  const tableOf = new Map(lazyKeys.map((key, index) => [key, Math.floor(index / options.routesPerTable)]));
  const tableCount = Math.ceil(lazyKeys.length / options.routesPerTable);
  const entryOf = new Map(lazyEntries.map((entry) => [entry.chunkName, entry]));
  const lazyTables = Array.from({ length: tableCount }, (_, table) => {
    const keys = lazyKeys.filter((key) => tableOf.get(key) === table);
    const chunks = [...new Set(keys.flatMap((key) => chunkNamesOf(chunkNames[key])))].filter((c) => lazyChunks.has(c));
    return [
      "import registry from '@generated/registry';",
      "import routesChunkNames from '@generated/routesChunkNames';",
      `Object.assign(registry, {\n${chunks.map((chunk) => entryOf.get(chunk)?.text).join(',\n')}\n});`,
      `Object.assign(routesChunkNames, ${JSON.stringify(Object.fromEntries(keys.map((key) => [key, chunkNames[key]])))});`,
      '',
    ].join('\n');
  });

  // One pass over routes.js: every lazy route's ComponentCreator call becomes the lazy component of its table.
  const replaced = new Map<string, number>();
  let routes = files.routes.replace(/ComponentCreator\('([^']*)', '([^']*)'\)/g, (call, path: string, hash: string) => {
    const key = `${path}-${hash}`;
    const table = tableOf.get(key);
    if (table === undefined) return call;
    replaced.set(key, (replaced.get(key) ?? 0) + 1);
    return `lazyRouteComponent(lazyTables[${table}], '${path}', '${hash}')`;
  });
  const lazyRoutes = lazyKeys.map((key) => {
    const dash = key.lastIndexOf('-');
    const count = replaced.get(key) ?? 0;
    if (count !== 1) {
      throw new Error(
        `[lazy-routes] routes.js: ComponentCreator('${key.slice(0, dash)}', '${key.slice(dash + 1)}') found ${count} times, not once`,
      );
    }
    return key.slice(0, dash);
  });
  if (lazyRoutes.length > 0) {
    const loaders = Array.from(
      { length: tableCount },
      (_, table) =>
        `  () => import(/* webpackChunkName: "lazy-route-table-${table}" */ ${JSON.stringify(`${options.lazyTableRequest}=${table}`)}),`,
    );
    routes = [
      `import lazyRouteComponent from ${JSON.stringify(options.helperRequest)};`,
      `const lazyTables = [\n${loaders.join('\n')}\n];`,
      routes,
    ].join('\n');
  }

  return { registry, routesChunkNames: JSON.stringify(keptChunkNames), routes, lazyTables, lazyRoutes };
}
