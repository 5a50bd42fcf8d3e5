import type { LoadContext, Plugin } from '@docusaurus/types';
import { applySide, decideSide, readServerBundleRequest, routeCount } from '../../build/bundle-apart';
import { serverBundleFileVariable } from '../../../config/build';

/**
 * Makes the bundler's two compilations in two processes for a large site (src/build/bundle-apart). Last in the
 * site's plugin list: a compilation it leaves out gets no plugin, whatever the plugins before it added.
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
