import { tableIndex } from '../../core/lazy-routes/tableIndex';
import { chunkFilesPlaceholder } from './chunkFiles';

/*
 * Docusaurus ships the table of every route in the main bundle, on every page (facebook/docusaurus#7256): for each
 * page a line in `registry.js` (its modules' loaders), an entry in `routesChunkNames.json` (which modules it needs) and
 * its object in `routes.js`, about 250 bytes a page: 42 KB of every page's JavaScript for this site's 174 generated
 * reference pages, and growing with the API. These functions move the reference pages' share of all three tables into
 * lazily loaded tables of a fixed number of routes each, chosen by a hash of the route's path (../shared/tableIndex.ts),
 * and leave in routes.js one route per folder that loads the table of the location (../client/lazyRouteGroup.tsx), so
 * neither the main bundle nor a reference page's tables grow with the API.
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

/**
 * A registry entry as the browser needs it: its module path (the second item) only names the module for server-side
 * rendering's report of the modules a page used (react-loadable's `modules`, read under a `Capture`, which only the
 * server renders), so a lazy table, which only the client bundle has, leaves it empty: about 55 bytes a route.
 */
function clientEntry(entry: RegistryEntry | undefined): string | undefined {
  return entry?.text.replace(
    `, ${JSON.stringify(entry.modulePath)}, require.resolveWeak(`,
    ', "", require.resolveWeak(',
  );
}

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
  /** The lazy sidebar category of a page (./sidebar.ts), written into its route so the page loads it too. */
  categoryOf?: (path: string) => string | undefined;
}

export interface SplitFiles extends GeneratedFiles {
  /** The lazy tables: each registers its routes' moved entries in the main tables when it loads. */
  lazyTables: string[];
  /** Per lazy table, the chunk names of its routes' modules (their file names go into the table: ./chunkFiles.ts). */
  lazyTableChunks: string[][];
  lazyRoutes: string[];
}

/** The chunk of lazy table `index`: named here, and looked up by that name after bundling (../index.ts). */
export function lazyTableChunkName(index: number): string {
  return `lazy-route-table-${index}`;
}

/** A lazy route's object in routes.js: the shape Docusaurus 3.10 writes for a leaf route. */
const leafPattern =
  /\{\n\s*path: '([^']*)',\n\s*component: ComponentCreator\('\1', '([^']*)'\),\n\s*exact: true(?:,\n\s*sidebar: "([^"]*)")?\n\s*\},?/g;

/** Index of the `]` that closes the array around `from`, skipping quoted strings. */
function closingBracket(text: string, from: number): number {
  let depth = 0;
  for (let index = from; index < text.length; index += 1) {
    const char = text[index];
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, index + 1);
      if (end < 0) break;
      index = end;
    } else if (char === '[' || char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === ']') {
      if (depth === 0) return index;
      depth -= 1;
    }
  }
  throw new Error('[lazy-routes] routes.js: a lazy route is not inside an array');
}

/** A leaf route's text with the number of its lazy sidebar category, if it has one. */
function withCategory(leaf: LazyLeaf, category: string | undefined): string {
  return category === undefined
    ? leaf.text
    : leaf.text.replace(
        /\n(\s*)\}$/,
        (_, indent: string) => `,\n${indent}  sidebarCategory: ${JSON.stringify(category)}\n${indent}}`,
      );
}

/** The longest common prefix of some paths, cut after its last `/`: the route a group of them answers under. */
function commonFolder(paths: readonly string[]): string {
  let prefix = paths[0] ?? '/';
  for (const path of paths) while (!path.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('/') + 1) || '/';
}

interface LazyLeaf {
  key: string;
  path: string;
  start: number;
  end: number;
  /** The route object's text, without its trailing comma. */
  text: string;
  /** Where its array closes: the leaves of one array form one group. */
  arrayEnd: number;
  sidebar?: string;
}

/**
 * Moves the routes whose modules are lazy out of the main route tables: their entries in registry.js and
 * routesChunkNames.json, and their route objects in routes.js. In their place each array of routes gets, last, one
 * route that answers every path under its lazy routes' common folder: the client (client/lazyRouteGroup.tsx
 * and the DocRoot wrapper) loads the table a path hashes to and puts its routes back where they were.
 */
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
  const lazyKeys = new Set(
    Object.keys(chunkNames).filter((key) => chunkNamesOf(chunkNames[key]).some((c) => lazyChunks.has(c))),
  );
  const keptChunkNames = Object.fromEntries(Object.entries(chunkNames).filter(([key]) => !lazyKeys.has(key)));

  const leaves: LazyLeaf[] = [];
  for (const match of files.routes.matchAll(leafPattern)) {
    const [text, path, hash, sidebar] = match;
    const key = `${path}-${hash}`;
    if (!lazyKeys.has(key)) continue;
    const start = match.index;
    leaves.push({
      key,
      path,
      start,
      end: start + text.length,
      text: text.replace(/,$/, ''),
      arrayEnd: closingBracket(files.routes, start + text.length),
      ...(sidebar === undefined ? {} : { sidebar }),
    });
  }
  const found = new Set(leaves.map((leaf) => leaf.key));
  for (const key of lazyKeys) {
    if (!found.has(key)) {
      throw new Error(`[lazy-routes] routes.js: the route ${key} is not a leaf route of the expected shape`);
    }
  }

  // Groups: the leaves of one array (two groups in one array would answer each other's paths). Each group's routes
  // are spread over tables by path hash; the table's routes carry their own sidebar.
  const groups = new Map<number, LazyLeaf[]>();
  for (const leaf of leaves) groups.set(leaf.arrayEnd, [...(groups.get(leaf.arrayEnd) ?? []), leaf]);
  const lazyTables: string[] = [];
  const lazyTableChunks: string[][] = [];
  const declarations: string[] = [];
  const inserts = new Map<number, string[]>();
  const entryOf = new Map(lazyEntries.map((entry) => [entry.chunkName, entry]));
  [...groups.values()].forEach((group, groupIndex) => {
    const count = Math.ceil(group.length / options.routesPerTable);
    const loaders: string[] = [];
    for (let table = 0; table < count; table += 1) {
      const members = group.filter((leaf) => tableIndex(leaf.path, count) === table);
      const chunks = [...new Set(members.flatMap((leaf) => chunkNamesOf(chunkNames[leaf.key])))].filter((c) =>
        lazyChunks.has(c),
      );
      lazyTableChunks.push(chunks);
      lazyTables.push(
        [
          "import ComponentCreator from '@docusaurus/ComponentCreator';",
          `import { registerChunkFiles } from ${JSON.stringify(options.helperRequest)};`,
          // Replaced after bundling by the file names of the chunks below, which the webpack runtime then no longer
          // lists (./chunkFiles.ts); left as is (a string) outside the production client bundle.
          `registerChunkFiles(${JSON.stringify(chunkFilesPlaceholder(lazyTables.length))});`,
          "import registry from '@generated/registry';",
          "import routesChunkNames from '@generated/routesChunkNames';",
          `Object.assign(registry, {\n${chunks.map((chunk) => clientEntry(entryOf.get(chunk))).join(',\n')}\n});`,
          `Object.assign(routesChunkNames, ${JSON.stringify(Object.fromEntries(members.map((leaf) => [leaf.key, chunkNames[leaf.key]])))});`,
          `export default [\n${members.map((leaf) => withCategory(leaf, options.categoryOf?.(leaf.path))).join(',\n')}\n];`,
          '',
        ].join('\n'),
      );
      const index = lazyTables.length - 1;
      loaders.push(
        `() => import(/* webpackChunkName: "${lazyTableChunkName(index)}" */ ${JSON.stringify(`${options.lazyTableRequest}=${index}`)})`,
      );
    }
    // The group's own sidebar shows only while a table that was not preloaded loads (client/lazyRouteGroup.tsx).
    const sidebar = group.find((leaf) => leaf.sidebar !== undefined)?.sidebar;
    const folder = commonFolder(group.map((leaf) => leaf.path));
    const route = [
      '{',
      `  path: ${JSON.stringify(folder)},`,
      `  component: lazyGroup${groupIndex}.Component,`,
      `  lazyGroup: lazyGroup${groupIndex},`,
      ...(sidebar === undefined ? [] : [`  sidebar: ${JSON.stringify(sidebar)},`]),
      '}',
    ].join('\n');
    declarations.push(
      `const lazyGroup${groupIndex} = createLazyRouteGroup(${JSON.stringify(folder)}, [\n  ${loaders.join(',\n  ')},\n]);`,
    );
    const at = group[0].arrayEnd;
    inserts.set(at, [...(inserts.get(at) ?? []), route]);
  });

  // Edits from the end of the text backwards, so that earlier offsets stay valid. The group routes go in as
  // placeholders first: whether a comma must precede one is known only once the leaves around it are gone.
  const placed = [...inserts];
  const placeholder = (index: number) => `\u0000lazy-group-${index}\u0000`;
  const edits = [
    ...leaves.map((leaf) => ({ at: leaf.start, end: leaf.end, text: '' })),
    ...placed.map(([at], index) => ({ at, end: at, text: placeholder(index) })),
  ].sort((a, b) => b.at - a.at || a.end - b.end);
  let routes = files.routes;
  for (const edit of edits) routes = `${routes.slice(0, edit.at)}${edit.text}${routes.slice(edit.end)}`;
  placed.forEach(([, groupRoutes], index) => {
    const at = routes.indexOf(placeholder(index));
    const before = routes.slice(0, at).trimEnd();
    const comma = before.endsWith('[') || before.endsWith(',') ? '' : ',';
    routes = `${before}${comma}\n${groupRoutes.join(',\n')}\n${routes.slice(at + placeholder(index).length)}`;
  });
  if (leaves.length > 0) {
    routes = [
      `import { createLazyRouteGroup } from ${JSON.stringify(options.helperRequest)};`,
      ...declarations,
      routes,
    ].join('\n');
  }

  return {
    registry,
    routesChunkNames: JSON.stringify(keptChunkNames),
    routes,
    lazyTables,
    lazyTableChunks,
    lazyRoutes: leaves.map((leaf) => leaf.path),
  };
}
