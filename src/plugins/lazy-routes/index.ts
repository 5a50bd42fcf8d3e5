import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { Compiler } from 'webpack';
import { balancedRoutesPerTable, lazyTableChunkName, type GeneratedFiles } from '../../build/lazy-routes/split';
import { servedModules } from '../../build/lazy-routes/served';
import { categoryFile } from '../../core/lazy-routes/categoryFile';
import { writeLazyTables } from '../../build/lazy-routes/tableFiles';
import { moveChunkFiles, type LazyChunk } from '../../build/lazy-routes/chunkFiles';
import { withLazyTables } from '../../build/lazy-routes/manifest';
import type { LazyRoutesOptions } from '../../build/lazy-routes/options';
import { parseRegistry } from '../../build/lazy-routes/split';
import { hintsText, sidebarHintsFile, sidebarsShape, type Json } from '../../build/page-cache/sidebars';

export type { LazyRoutesOptions };
import { clientManifestFile, groupRequests, updateClientManifest } from '../../build/route-scripts/manifestFile';

/**
 * Keeps the generated reference pages' share of Docusaurus's route tables (src/build/lazy-routes/split.ts) and of the docs sidebars
 * (src/core/lazy-routes/sidebar.ts) out of what every page loads; the modules served instead are assembled by
 * src/build/lazy-routes/served.ts.
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
  const fixedRoutes = options.routesPerTable;
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
      const {
        modules: served,
        tables,
        tableChunks,
        files: categoryFiles,
        categoryOfPath,
      } = servedModules(files, versions, {
        isLazyModule: (modulePath) => options.modulePrefixes.some((prefix) => modulePath.startsWith(prefix)),
        helperRequest: path.resolve(__dirname, '../../components/LazyRouteGroup/index.tsx'),
        routesPerTable: fixedRoutes === undefined ? balancedRoutesPerTable : () => fixedRoutes,
      });
      const generated = (name: string) => path.join(context.generatedFilesDir, name);
      writeLazyTables(context.generatedFilesDir, tables);
      // For the page cache (src/build/page-cache/sidebars.ts): each metadata module's chunk and its shape's hash.
      const itemsOf = (key: string) => {
        const text = categoryFiles.get(categoryFile(key));
        return text === undefined ? undefined : (JSON.parse(text) as Json[]);
      };
      const chunkOf = new Map(parseRegistry(files.registry).map((entry) => [entry.modulePath, entry.chunkName]));
      const shapes = versions.flatMap(({ file }) => {
        const chunkName = chunkOf.get(
          `@generated/${path.relative(context.generatedFilesDir, file).split(path.sep).join('/')}`,
        );
        return chunkName ? [{ chunkName, shape: sidebarsShape(served[file].text, itemsOf) }] : [];
      });
      const categories = new Map([...categoryOfPath].map(([route, key]) => [route, categoryFile(key)]));
      const hints = { file: generated(sidebarHintsFile), shapes, categories };
      return {
        plugins: [
          new LazyChunkFilesPlugin(tableChunks, categoryFiles, clientManifestFile(context.generatedFilesDir), hints),
        ],
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
              use: [
                { loader: path.resolve(__dirname, '../../build/lazy-routes/loader.cjs'), options: { files: served } },
              ],
            },
          ],
        },
      };
    },
  };
}

/**
 * Emits the lazy sidebar categories' files (src/core/lazy-routes/sidebar.ts). After bundling, before minification and before the real
 * content hashes (which then rename what changed and the references to it), moves the lazy tables' chunks out of the
 * webpack runtime's maps into the tables (src/build/lazy-routes/chunkFiles.ts). Once the client manifest is written, makes a reference
 * page's HTML name its table (src/build/lazy-routes/manifest.ts).
 */
class LazyChunkFilesPlugin {
  constructor(
    private readonly tableChunks: string[][],
    private readonly categoryFiles: ReadonlyMap<string, string>,
    private readonly manifestPath: string,
    private readonly hints: {
      file: string;
      shapes: { chunkName: string; shape: string }[];
      categories: ReadonlyMap<string, string>;
    },
  ) {}

  apply(compiler: Compiler): void {
    const name = 'lazy-routes-chunk-files';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [file, text] of this.categoryFiles) compilation.emitAsset(file, new sources.RawSource(text));
      });
      compilation.hooks.processAssets.tap({ name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE }, () => {
        const jsFile = (chunk: { files: Iterable<string> }) => [...chunk.files].find((file) => file.endsWith('.js'));
        const runtimes = [...compilation.chunks].filter((chunk) => chunk.hasRuntime());
        if (runtimes.length !== 1)
          throw new Error(`[lazy-routes] expected one runtime chunk, found ${runtimes.length}`);
        const runtimeFile = jsFile(runtimes[0]);
        if (!runtimeFile) throw new Error('[lazy-routes] the runtime chunk has no JavaScript file');
        const tables = this.tableChunks.map((names, table) => {
          const tableChunk = compilation.namedChunks.get(lazyTableChunkName(table));
          const file = tableChunk && jsFile(tableChunk);
          if (!file) throw new Error(`[lazy-routes] ${lazyTableChunkName(table)} was not emitted`);
          const chunks: LazyChunk[] = names.flatMap((chunkName) => {
            const chunk = compilation.namedChunks.get(chunkName);
            const chunkFile = chunk && jsFile(chunk);
            // A chunk the bundler merged into another, or one with styles (its CSS file is named elsewhere too), stays.
            if (!chunk || chunk.id === null || !chunkFile || chunk.hasRuntime() || chunk.files.size !== 1) return [];
            return [{ id: String(chunk.id), name: chunkName, file: chunkFile }];
          });
          return { table, file, source: compilation.getAsset(file)?.source.source().toString() ?? '', chunks };
        });
        const runtime = compilation.getAsset(runtimeFile)?.source.source().toString() ?? '';
        const moved = moveChunkFiles(runtime, tables);
        compilation.updateAsset(runtimeFile, new sources.RawSource(moved.runtime));
        tables.forEach(({ file }, index) => compilation.updateAsset(file, new sources.RawSource(moved.tables[index])));
      });
    });
    compiler.hooks.afterEmit.tap(name, (compilation) => {
      const tables = this.tableChunks.map((names, table) => ({
        table: lazyTableChunkName(table),
        routes: names.map((chunkName) => ({
          name: chunkName,
          requests: groupRequests(compilation.namedChunkGroups.get(chunkName)),
        })),
      }));
      updateClientManifest(this.manifestPath, (manifest) => withLazyTables(manifest, tables));
      // For the page cache (src/build/page-cache/sidebars.ts).
      const fileOf = (chunkName: string) =>
        [...(compilation.namedChunks.get(chunkName)?.files ?? [])].find((name) => name.endsWith('.js'));
      const sidebars = this.hints.shapes.flatMap(({ chunkName, shape }): [string, string][] => {
        const file = fileOf(chunkName);
        return file ? [[file, shape]] : [];
      });
      const tableFiles = this.tableChunks.flatMap((_, table): [string, number][] => {
        const file = fileOf(lazyTableChunkName(table));
        return file ? [[file, table]] : [];
      });
      writeFileSync(this.hints.file, hintsText({ sidebars, tables: tableFiles, categories: this.hints.categories }));
    });
  }
}
