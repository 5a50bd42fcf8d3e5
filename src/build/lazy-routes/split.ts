import { tableIndex } from '../../core/lazy-routes/tableIndex';
import { chunkFilesPlaceholder } from './chunkFiles';
import { closingBrackets } from './brackets';

/*
 * Docusaurus ships the table of every route in the main bundle, on every page (facebook/docusaurus#7256): for each
 * page a line in `registry.js` (its modules' loaders), an entry in `routesChunkNames.json` (which modules it needs) and
 * its object in `routes.js`, about 250 bytes a page: 42 KB of every page's JavaScript for this site's 174 generated
 * reference pages, and growing with the API. These functions move the reference pages' share of all three tables into
 * lazily loaded tables, chosen by a hash of the route's path (src/core/lazy-routes/tableIndex.ts), and leave in
 * routes.js one route per folder that loads the table of the location (src/components/LazyRouteGroup). Their size
 * (`balancedRoutesPerTable`) makes a page's share of them least: it grows as the square root of the pages.
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
  /**
   * Whether a module (as registry.js names it: `@site/...` for an MDX page, `@generated/...` for a light page's JSON
   * module) belongs to the lazily loaded routes.
   */
  isLazyModule: (modulePath: string) => boolean;
  /** Import request of the client helper that makes a lazy route's component. */
  helperRequest: string;
  /** Import request, relative to routes.js, of lazy table `n` (a file of its own: ./served.ts says why). */
  lazyTableRequest: (table: number) => string;
  /** Routes per lazy table, for a group of so many routes (`balancedRoutesPerTable` unless a test fixes it). */
  routesPerTable: (routes: number) => number;
  /**
   * The lazy sidebar category of a page (src/core/lazy-routes/sidebar.ts), written into its route so the page loads it
   * too.
   */
  categoryOf?: (path: string) => string | undefined;
}

export interface SplitFiles extends GeneratedFiles {
  /** The lazy tables: each registers its routes' moved entries in the main tables when it loads. */
  lazyTables: string[];
  /** Per lazy table, the chunk names of its routes' modules (their file names go into the table: ./chunkFiles.ts). */
  lazyTableChunks: string[][];
  lazyRoutes: string[];
}

/**
 * A table costs every page its loader in main.js and its file name in the webpack runtime (95 bytes a table in
 * Microsoft Graph's build, 75 in ours, measured 2026-11-28), and a page loads its own table (450 bytes a route in
 * Graph's, 350 in ours): with R routes in tables of n, a page pays R / n × 95 + n × 450, least at n = √(R × 95 / 450).
 */
const tableToRouteBytes = 0.21;

/**
 * Routes per lazy table for a group of `routes`: the size that makes a page's share of the tables least, so it grows as
 * the square root of the routes. Microsoft Graph's 14,000 routes at a fixed 24 made 611 tables, 58 KB of every page's
 * JavaScript; at 55 the build made 301 tables (the tag pages' group too), the runtime went from 77 KB to 31 KB and a
 * page's own table from 11 KB to 21 KB (measured 2026-11-28). Ours: 7.
 */
export function balancedRoutesPerTable(routes: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(routes * tableToRouteBytes)));
}

/** The chunk of lazy table `index`: named here, and looked up by that name after bundling (src/plugins/lazy-routes). */
export function lazyTableChunkName(index: number): string {
  return `lazy-route-table-${index}`;
}

/** A lazy route's object in routes.js: the shape Docusaurus 3.10 writes for a leaf route. */
const leafPattern =
  /\{\n\s*path: '([^']*)',\n\s*component: ComponentCreator\('\1', '([^']*)'\),\n\s*exact: true(?:,\n\s*sidebar: "([^"]*)")?\n\s*\},?/g;

/** The not-found route Docusaurus puts last in the root array, which matches every path. */
const catchAllPattern = /\{\s*path: '\*',\s*component: ComponentCreator\('\*'\),?\s*\},?\s*$/;

/**
 * Where a group's route goes in the array that closes at `arrayEnd`: last, after the routes it must not hide (an
 * exact route under its folder); in the root array, before the catch-all, which would otherwise answer first. A root
 * array without it is a format this code does not know: the build fails rather than hide every page of the group.
 */
function insertionPoint(routes: string, arrayEnd: number, inRoot: boolean): number {
  if (!inRoot) return arrayEnd;
  const tail = routes.slice(Math.max(0, arrayEnd - 200), arrayEnd);
  const match = catchAllPattern.exec(tail);
  if (!match) throw new Error("[lazy-routes] routes.js: the root array does not end with the not-found route ('*')");
  return arrayEnd - tail.length + match.index;
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
 * routesChunkNames.json, and their route objects in routes.js. In their place each array of routes gets, last (in the
 * root array, before the not-found route), one route that answers every path under its lazy routes' common folder: the
 * client (src/components/LazyRouteGroup and the DocRoot wrapper) loads the table a path hashes to and puts its routes
 * back where they were.
 */
export function splitRouteTables(files: GeneratedFiles, options: SplitOptions): SplitFiles {
  const lazyEntries = parseRegistry(files.registry).filter((entry) => options.isLazyModule(entry.modulePath));
  const lazyChunks = new Set(lazyEntries.map((entry) => entry.chunkName));

  // One pass over the registry, the entries in the order they stand (parseRegistry's): a `replace` per entry copied
  // the 5 MB registry of Microsoft Graph's 14,000 pages once per page, 76 s of a 137 s split.
  const kept: string[] = [];
  let cursor = 0;
  for (const entry of lazyEntries) {
    const at = files.registry.indexOf(`${entry.text},`, cursor);
    if (at < 0) throw new Error(`[lazy-routes] registry.js: entry ${entry.chunkName} is not followed by ","`);
    kept.push(files.registry.slice(cursor, at));
    cursor = at + entry.text.length + 1;
  }
  kept.push(files.registry.slice(cursor));
  const registry = kept.join('');

  const chunkNames = JSON.parse(files.routesChunkNames) as Record<string, unknown>;
  const lazyKeys = new Set(
    Object.keys(chunkNames).filter((key) => chunkNamesOf(chunkNames[key]).some((c) => lazyChunks.has(c))),
  );
  const keptChunkNames = Object.fromEntries(Object.entries(chunkNames).filter(([key]) => !lazyKeys.has(key)));

  const leaves: LazyLeaf[] = [];
  const arrayEnds = closingBrackets(files.routes);
  const rootStart = files.routes.indexOf('export default [');
  if (rootStart < 0) throw new Error('[lazy-routes] routes.js: no `export default [`');
  const rootEnd = arrayEnds(rootStart + 'export default ['.length);
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
      arrayEnd: arrayEnds(start + text.length),
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
  for (const leaf of leaves) {
    const group = groups.get(leaf.arrayEnd);
    if (group) group.push(leaf);
    else groups.set(leaf.arrayEnd, [leaf]);
  }
  const lazyTables: string[] = [];
  const lazyTableChunks: string[][] = [];
  const declarations: string[] = [];
  const inserts = new Map<number, string[]>();
  const entryOf = new Map(lazyEntries.map((entry) => [entry.chunkName, entry]));
  [...groups.values()].forEach((group, groupIndex) => {
    const count = Math.ceil(group.length / Math.max(1, options.routesPerTable(group.length)));
    const loaders: string[] = [];
    // Each leaf's table once (a filter per table hashed every path once per table: quadratic in the routes).
    const tables = Array.from({ length: count }, (): LazyLeaf[] => []);
    for (const leaf of group) tables[tableIndex(leaf.path, count)].push(leaf);
    for (let table = 0; table < count; table += 1) {
      const members = tables[table];
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
        `() => import(/* webpackChunkName: "${lazyTableChunkName(index)}" */ ${JSON.stringify(options.lazyTableRequest(index))})`,
      );
    }
    // The group's own sidebar shows only while a table that was not preloaded loads (src/components/LazyRouteGroup).
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
    // A group in the root array renders its routes itself, and the not-found page for a path none of them answers.
    const inRoot = group[0].arrayEnd === rootEnd;
    declarations.push(
      `const lazyGroup${groupIndex} = createLazyRouteGroup(${JSON.stringify(folder)}, [\n  ${loaders.join(',\n  ')},\n]${inRoot ? ', true' : ''});`,
    );
    const at = insertionPoint(files.routes, group[0].arrayEnd, inRoot);
    inserts.set(at, [...(inserts.get(at) ?? []), route]);
  });

  // The edits in one pass, in the order of the text (they never overlap: a leaf is a route object, a group goes in at
  // its array's `]` or before the root's catch-all); rebuilding the text once per edit copied Microsoft Graph's 4.5 MB routes.js 14,000 times. The
  // group routes go in as placeholders first: whether a comma must precede one is known only once the leaves around
  // it are gone.
  const placed = [...inserts];
  const placeholder = (index: number) => `\u0000lazy-group-${index}\u0000`;
  const edits = [
    ...leaves.map((leaf) => ({ at: leaf.start, end: leaf.end, text: '' })),
    ...placed.map(([at], index) => ({ at, end: at, text: placeholder(index) })),
  ].sort((a, b) => a.at - b.at || a.end - b.end);
  const pieces: string[] = [];
  let read = 0;
  for (const edit of edits) {
    pieces.push(files.routes.slice(read, edit.at), edit.text);
    read = edit.end;
  }
  pieces.push(files.routes.slice(read));
  let routes = pieces.join('');
  placed.forEach(([, groupRoutes], index) => {
    const at = routes.indexOf(placeholder(index));
    const before = routes.slice(0, at).trimEnd();
    const after = routes.slice(at + placeholder(index).length);
    const comma = before.endsWith('[') || before.endsWith(',') ? '' : ',';
    // Before the catch-all route (`insertionPoint`), a route follows the group's.
    const following = after.trimStart().startsWith('{') ? ',' : '';
    routes = `${before}${comma}\n${groupRoutes.join(',\n')}${following}\n${after}`;
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
