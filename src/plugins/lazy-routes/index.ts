import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { GeneratedFiles } from './lib/split';
import { servedModules } from './lib/served';

export interface LazyRoutesOptions {
  /** Module path prefixes (as Docusaurus's registry names them, `@site/...`) of the routes to load lazily. */
  modulePrefixes: string[];
  /**
   * Routes per lazy table (32 unless set): a reference page loads the table of its own routes only, some 420 B a
   * route (its registry entry, chunk names and route object), while each table costs the webpack runtime one entry
   * of its chunk map (~50 B). At 64 a table was 27 KB, the largest share of an operation page's own JavaScript.
   */
  routesPerTable?: number;
}

/**
 * Keeps the generated reference pages' share of Docusaurus's route tables (lib/split.ts) and of the docs sidebars
 * (lib/sidebar.ts) out of what every page loads; the modules served instead are assembled by lib/served.ts.
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
      // The docs versions' metadata modules: the route props that hold `docsSidebars`.
      const docsData = path.join(context.generatedFilesDir, 'docusaurus-plugin-content-docs');
      const versions = readdirSync(docsData, { recursive: true, encoding: 'utf8' })
        .map((name) => path.join(docsData, name))
        .filter((file) => /[\\/]p[\\/][^\\/]+\.json$/.test(file))
        .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
        .filter(({ text }) => text.includes('"docsSidebars"'));
      const served = servedModules(files, versions, {
        isLazyModule: (modulePath) => options.modulePrefixes.some((prefix) => modulePath.startsWith(prefix)),
        helperRequest: path.resolve(__dirname, 'client/lazyRouteGroup.tsx'),
        routesPerTable: options.routesPerTable ?? 32,
      });
      const generated = (name: string) => path.join(context.generatedFilesDir, name);
      return {
        module: {
          rules: [
            {
              test: [
                generated('registry.js'),
                generated('routesChunkNames.json'),
                generated('routes.js'),
                ...versions.map(({ file }) => file),
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
