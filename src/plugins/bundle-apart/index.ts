import type { LoadContext, Plugin } from '@docusaurus/types';
import { applySide, decideSide, readServerBundleRequest, routeCount } from '../../build/bundle-apart';
import { serverBundleFileVariable } from '../../../config/build';

/**
 * How deep the bundler follows a JSON module's fields to leave out those nothing reads: the top level only. Rspack
 * follows every level in a production build, and keeps what it learns of each field; this site's JSON modules are
 * route data the page reads whole (a reference page's metadata, the docs sidebars, the route tables' chunk names).
 * Microsoft Graph's 14,689 routes: the server's compilation went from 2.1 GB after building its modules to 4.5 GB
 * before sealing them; at depth 1, to 2.3 GB (its peak 2.8 GB against 4.5; one run each, 2026-11-28).
 */
export const jsonExportsDepth = 1;

/**
 * Makes the bundler's two compilations in two processes for a large site (src/build/bundle-apart). The last of the
 * site's themes, which Docusaurus loads after its plugins: a compilation it leaves out loses every plugin the
 * plugins and themes added (only Docusaurus's own fallback plugin, after it, adds a loader rule, which an empty
 * compilation never uses). And it sets what keeps either compilation small (`jsonExportsDepth`).
 */
export default function bundleApartPlugin(context: LoadContext): Plugin {
  return {
    name: 'bundle-apart',
    configureWebpack(config, isServer) {
      const decision = decideSide({
        isServer,
        env: process.env,
        outDir: context.outDir,
        routes: () => routeCount(context.generatedFilesDir),
        readRequest: readServerBundleRequest,
      });
      const file = process.env[serverBundleFileVariable];
      if (decision.action !== 'keep' && file) {
        const said = applySide(decision, config, file, isServer);
        console.log(`[bundle-apart] ${said}`);
      }
      return { module: { parser: { json: { exportsDepth: jsonExportsDepth } } } };
    },
  };
}
