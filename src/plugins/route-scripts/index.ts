import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { Compiler } from 'webpack';
import { clientManifestFile, groupRequests, updateClientManifest } from '../../build/route-scripts/manifestFile';
import { withRequestOrigins } from '../../build/route-scripts/origins';

/**
 * How a page's scripts reach the browser:
 * - each built page names its own route chunks in its HTML, as Docusaurus's template means to (lib/origins.ts says
 *   why it did not): the browser fetches them beside `main.js` instead of after it has run. Production client bundle
 *   only; the dev server renders no pages;
 * - linked pages' chunks are prefetched once per file, when the browser is idle (client/prefetchQueue.ts), by
 *   replacing Docusaurus's client prefetch helper, whose module has no other way in.
 */
export default function routeScriptsPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-scripts',
    configureWebpack(config, isServer, utils) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      const prefetch = new NormalModuleReplacementPlugin(
        /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch\.js$/,
        path.resolve(__dirname, 'client/prefetch.ts'),
      );
      if (config.mode !== 'production') return { plugins: [prefetch] };
      return { plugins: [prefetch, new RequestOriginsPlugin(clientManifestFile(context.generatedFilesDir))] };
    },
  };
}

/** Rewrites the client manifest once the addon has written it (its `emit` step), before the pages are rendered. */
class RequestOriginsPlugin {
  constructor(private readonly manifestPath: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('route-scripts', (compilation) => {
      const groups = [...compilation.namedChunkGroups].map(([name, group]) => ({
        name,
        requests: groupRequests(group),
      }));
      updateClientManifest(this.manifestPath, (manifest) => withRequestOrigins(manifest, groups));
    });
  }
}
