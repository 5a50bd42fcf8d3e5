import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { splitRouteTables, type GeneratedFiles } from './lib/split';
import { pruneSidebars } from './lib/sidebar';

export interface LazyRoutesOptions {
  /** Module path prefixes (as Docusaurus's registry names them, `@site/...`) of the routes to load lazily. */
  modulePrefixes: string[];
  /** Routes per lazy table (64 unless set): a reference page loads the table of its own routes only. */
  routesPerTable?: number;
}

const lazyTableQuery = '?lazy-route-table';
/** The list of lazy sidebar categories' loaders (imported by client/lazyRouteGroup.tsx), and each category. */
const categoriesQuery = '?sidebar-categories';
const categoryQuery = '?sidebar-category';

/**
 * Keeps the generated reference pages' share of Docusaurus's route tables out of the main bundle (lib/split.ts).
 * Production client bundle only: the server bundle keeps the whole tables to render every page, and the dev server
 * regenerates its tables as files change.
 */
export default function lazyRoutesPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as LazyRoutesOptions;
  if (!Array.isArray(options?.modulePrefixes) || options.modulePrefixes.some((prefix) => typeof prefix !== 'string')) {
    throw new Error('[lazy-routes] options.modulePrefixes: expected a list of module path prefixes');
  }
  if (
    options.routesPerTable !== undefined &&
    !(Number.isInteger(options.routesPerTable) && options.routesPerTable > 0)
  ) {
    throw new Error('[lazy-routes] options.routesPerTable: expected a whole number of at least 1');
  }
  return {
    name: 'lazy-routes',
    getClientModules() {
      return [path.resolve(__dirname, 'client/routeUpdate.ts')];
    },
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      const read = (name: string) => readFileSync(path.join(context.generatedFilesDir, name), 'utf8');
      const files: GeneratedFiles = {
        registry: read('registry.js'),
        routesChunkNames: read('routesChunkNames.json'),
        routes: read('routes.js'),
      };
      // The docs versions' metadata modules (route props holding `docsSidebars`), their lazy categories cut out.
      const docsData = path.join(context.generatedFilesDir, 'docusaurus-plugin-content-docs');
      const versionFiles = readdirSync(docsData, { recursive: true, encoding: 'utf8' })
        .map((name) => path.join(docsData, name))
        .filter((file) => /[\\/]p[\\/][^\\/]+\.json$/.test(file))
        .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
        .filter(({ text }) => text.includes('"docsSidebars"'));
      const categories: unknown[][] = [];
      const categoryOfPath = new Map<string, number>();
      const prunedVersions = versionFiles.map(({ file, text }) => {
        const pruned = pruneSidebars(text, categories.length);
        categories.push(...pruned.categories);
        for (const [route, index] of pruned.categoryOfPath) categoryOfPath.set(route, index);
        return { file, original: text, text: pruned.text };
      });
      const split = splitRouteTables(files, {
        isLazyModule: (modulePath) => options.modulePrefixes.some((prefix) => modulePath.startsWith(prefix)),
        helperRequest: path.resolve(__dirname, 'client/lazyRouteGroup.tsx'),
        lazyTableRequest: `./registry.js${lazyTableQuery}`,
        routesPerTable: options.routesPerTable ?? 64,
        categoryOf: (route) => categoryOfPath.get(route),
      });
      const served = {
        'registry.js': { original: files.registry, text: split.registry },
        ...Object.fromEntries(
          split.lazyTables.map((text, table) => [
            `registry.js${lazyTableQuery}=${table}`,
            { original: files.registry, text },
          ]),
        ),
        'routesChunkNames.json': { original: files.routesChunkNames, text: split.routesChunkNames },
        'routes.js': { original: files.routes, text: split.routes },
        [`registry.js${categoriesQuery}`]: {
          original: files.registry,
          text: `export default [\n${categories
            .map(
              (_, index) =>
                `  () => import(/* webpackChunkName: "sidebar-category-${index}" */ ${JSON.stringify(`./registry.js${categoryQuery}=${index}`)}),`,
            )
            .join('\n')}\n];\n`,
        },
        ...Object.fromEntries(
          categories.map((items, index) => [
            `registry.js${categoryQuery}=${index}`,
            { original: files.registry, text: `export default ${JSON.stringify(items)};\n` },
          ]),
        ),
        ...Object.fromEntries(prunedVersions.map(({ file, original, text }) => [file, { original, text }])),
      };
      const generated = (name: string) => path.join(context.generatedFilesDir, name);
      return {
        module: {
          rules: [
            {
              test: [
                generated('registry.js'),
                generated('routesChunkNames.json'),
                generated('routes.js'),
                ...prunedVersions.map(({ file }) => file),
              ],
              enforce: 'pre' as const,
              use: [{ loader: path.resolve(__dirname, 'lib/loader.cjs'), options: { files: served } }],
            },
          ],
        },
      };
    },
  };
}
