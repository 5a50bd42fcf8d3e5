import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { splitRouteTables, type GeneratedFiles } from './lib/split';

export interface LazyRoutesOptions {
  /** Module path prefixes (as Docusaurus's registry names them, `@site/...`) of the routes to load lazily. */
  modulePrefixes: string[];
  /** Routes per lazy table (64 unless set): a reference page loads the table of its own routes only. */
  routesPerTable?: number;
}

const lazyTableQuery = '?lazy-route-table';

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
      const split = splitRouteTables(files, {
        isLazyModule: (modulePath) => options.modulePrefixes.some((prefix) => modulePath.startsWith(prefix)),
        helperRequest: path.resolve(__dirname, 'client/lazyRouteGroup.tsx'),
        lazyTableRequest: `./registry.js${lazyTableQuery}`,
        routesPerTable: options.routesPerTable ?? 64,
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
      };
      const generated = (name: string) => path.join(context.generatedFilesDir, name);
      return {
        module: {
          rules: [
            {
              test: [generated('registry.js'), generated('routesChunkNames.json'), generated('routes.js')],
              enforce: 'pre' as const,
              use: [{ loader: path.resolve(__dirname, 'lib/loader.cjs'), options: { files: served } }],
            },
          ],
        },
      };
    },
  };
}
