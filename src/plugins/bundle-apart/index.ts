import type { LoadContext, Plugin } from '@docusaurus/types';
import { applySide, decideSide, readServerBundleRequest, routeCount } from '../../build/bundle-apart';
import { serverBundleFileVariable } from '../../../config/build';

/**
 * Makes the bundler's two compilations in two processes for a large site (src/build/bundle-apart). The last of the
 * site's themes, which Docusaurus loads after its plugins: a compilation it leaves out loses every plugin the
 * plugins and themes added (only Docusaurus's own fallback plugin, after it, adds a loader rule, which an empty
 * compilation never uses).
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
      return {};
    },
  };
}
