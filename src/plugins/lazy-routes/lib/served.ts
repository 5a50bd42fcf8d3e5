import { pruneSidebars } from './sidebar';
import { splitRouteTables, type GeneratedFiles, type SplitOptions } from './split';

/** A module the loader serves in place of Docusaurus's: the text it replaces (checked) and the text it serves. */
export interface ServedModule {
  original: string;
  text: string;
}

export const lazyTableQuery = '?lazy-route-table';
/** The list of lazy sidebar categories' loaders (imported by client/lazyRouteGroup.tsx), and each category. */
export const categoriesQuery = '?sidebar-categories';
export const categoryQuery = '?sidebar-category';

/**
 * Everything the loader (loader.cjs) serves in the production client bundle, keyed as it looks them up: the split
 * route tables and lazy tables under `registry.js`'s name and queries, the category modules likewise, and each docs
 * version's metadata module, its lazy categories cut out (./sidebar.ts), under its full path.
 */
export function servedModules(
  files: GeneratedFiles,
  versions: readonly { file: string; text: string }[],
  options: Omit<SplitOptions, 'lazyTableRequest' | 'categoryOf'>,
): Record<string, ServedModule> {
  const categories: unknown[][] = [];
  const categoryOfPath = new Map<string, number>();
  const prunedVersions = versions.map(({ file, text }) => {
    const pruned = pruneSidebars(text, categories.length);
    categories.push(...pruned.categories);
    for (const [route, index] of pruned.categoryOfPath) categoryOfPath.set(route, index);
    return [file, { original: text, text: pruned.text }] as const;
  });
  const split = splitRouteTables(files, {
    ...options,
    lazyTableRequest: `./registry.js${lazyTableQuery}`,
    categoryOf: (route) => categoryOfPath.get(route),
  });
  const fromRegistry = (text: string): ServedModule => ({ original: files.registry, text });
  const loaders = categories.map(
    (_, index) =>
      `  () => import(/* webpackChunkName: "sidebar-category-${index}" */ ${JSON.stringify(`./registry.js${categoryQuery}=${index}`)}),`,
  );
  return {
    'registry.js': fromRegistry(split.registry),
    ...Object.fromEntries(
      split.lazyTables.map((text, table) => [`registry.js${lazyTableQuery}=${table}`, fromRegistry(text)]),
    ),
    'routesChunkNames.json': { original: files.routesChunkNames, text: split.routesChunkNames },
    'routes.js': { original: files.routes, text: split.routes },
    [`registry.js${categoriesQuery}`]: fromRegistry(`export default [\n${loaders.join('\n')}\n];\n`),
    ...Object.fromEntries(
      categories.map((items, index) => [
        `registry.js${categoryQuery}=${index}`,
        fromRegistry(`export default ${JSON.stringify(items)};\n`),
      ]),
    ),
    ...Object.fromEntries(prunedVersions),
  };
}
