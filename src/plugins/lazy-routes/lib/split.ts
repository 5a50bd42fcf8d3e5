/*
 * Docusaurus ships the table of every route in the main bundle, on every page (facebook/docusaurus#7256): for each
 * page a line in `registry.js` (its modules' loaders) and an entry in `routesChunkNames.json` (which modules it
 * needs), besides its entry in `routes.js`. For this site's 174 generated reference pages that is 42 KB of every
 * page's JavaScript. These functions move the reference pages' share of both tables into one lazily loaded module
 * (the "lazy table"), and give those routes a component that loads it first (../client/lazyRouteComponent.tsx).
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
  /** Import request, relative to routes.js, of the lazy table (the loader serves it from registry.js's query). */
  lazyTableRequest: string;
}

export interface SplitFiles extends GeneratedFiles {
  /** The lazy table: registers the moved entries in the main tables when it loads. */
  lazyTable: string;
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
  const keptChunkNames = Object.fromEntries(Object.entries(chunkNames).filter(([key]) => !lazyKeys.includes(key)));
  const movedChunkNames = Object.fromEntries(lazyKeys.map((key) => [key, chunkNames[key]]));

  let routes = files.routes;
  const lazyRoutes = lazyKeys.map((key) => {
    const dash = key.lastIndexOf('-');
    const [path, hash] = [key.slice(0, dash), key.slice(dash + 1)];
    const call = `ComponentCreator('${path}', '${hash}')`;
    const parts = routes.split(call);
    if (parts.length !== 2)
      throw new Error(`[lazy-routes] routes.js: ${call} found ${parts.length - 1} times, not once`);
    routes = parts.join(`lazyRouteComponent(loadLazyTable, '${path}', '${hash}')`);
    return path;
  });
  if (lazyRoutes.length > 0) {
    routes = [
      `import lazyRouteComponent from ${JSON.stringify(options.helperRequest)};`,
      `const loadLazyTable = () => import(/* webpackChunkName: "lazy-route-table" */ ${JSON.stringify(options.lazyTableRequest)});`,
      routes,
    ].join('\n');
  }

  const lazyTable = [
    "import registry from '@generated/registry';",
    "import routesChunkNames from '@generated/routesChunkNames';",
    `Object.assign(registry, {\n${lazyEntries.map((entry) => entry.text).join(',\n')}\n});`,
    `Object.assign(routesChunkNames, ${JSON.stringify(movedChunkNames)});`,
    '',
  ].join('\n');

  return { registry, routesChunkNames: JSON.stringify(keptChunkNames), routes, lazyTable, lazyRoutes };
}
