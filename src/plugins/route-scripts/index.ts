import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { Compiler } from 'webpack';
import { withRequestOrigins, type ClientManifest, type NamedChunkGroup } from './lib/origins';

/**
 * Makes each built page name its own route chunks in its HTML, as Docusaurus's template means to
 * (lib/origins.ts says why it did not): the browser then fetches them beside `main.js` instead of after it has run.
 * Production client bundle only; the dev server renders no pages.
 */
export default function routeScriptsPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-scripts',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return { plugins: [new RequestOriginsPlugin(path.join(context.generatedFilesDir, 'client-manifest.json'))] };
    },
  };
}

/** Rewrites the client manifest once the addon has written it (its `emit` step), before the pages are rendered. */
class RequestOriginsPlugin {
  constructor(private readonly manifestPath: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('route-scripts', (compilation) => {
      const groups: NamedChunkGroup[] = [...compilation.namedChunkGroups].map(([name, group]) => ({
        name,
        requests: group.origins.map((origin) => origin.request ?? ''),
      }));
      const manifest = JSON.parse(readFileSync(this.manifestPath, 'utf8')) as ClientManifest;
      writeFileSync(this.manifestPath, JSON.stringify(withRequestOrigins(manifest, groups)));
    });
  }
}
