import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { downloadsOf } from '../openapi-source';
import { ownOptions, validatePluginOptions } from '../openapi-source/lib/options';
import { openapiSource } from '../../../config/openapi';
import { resolvedDocuments } from '../openapi-source/lib/resolved';
import { generatedAlias } from './generatedAlias';

const componentDir = path.resolve(__dirname, '../../components/RedocReference');

function joinRoute(baseUrl: string, route: string): string {
  return `${baseUrl.replace(/\/$/, '')}${route}`;
}

/**
 * One job: the single-page reference of each API (`/api/data`, `/api/chat`), rendered by Redoc from the resolved
 * document, and the bundler settings Redoc needs.
 */
export default function apiReferencePlugin(context: LoadContext, rawOptions?: unknown): Plugin {
  const options = validatePluginOptions(ownOptions(rawOptions, openapiSource));
  return {
    name: 'api-reference',
    contentLoaded: async ({ actions }) => {
      const resolved = await resolvedDocuments(context.siteDir, options);
      for (const api of options.apis) {
        const result = resolved.find((candidate) => candidate.id === api.id);
        if (!api.reference || !result) continue;
        const { route, runtimeSpecUrl, ...page } = api.reference;
        // The document is a module of this route alone, so no other page downloads it.
        const created = await actions.createData(`${api.id}.json`, JSON.stringify(result.document));
        const spec = generatedAlias(context.generatedFilesDir, created);
        actions.addRoute({
          path: joinRoute(context.baseUrl, route),
          component: '@site/src/components/RedocReference',
          modules: { spec },
          exact: true,
          props: { ...page, runtimeSpecUrl, downloads: downloadsOf(api.id) },
        });
      }
    },
    configureWebpack: (_config, isServer) => ({
      resolve: {
        alias: {
          // The server renders Redoc to static HTML; the client reads that HTML back instead of rendering it again.
          '@portal/redoc-static$': path.join(
            componentDir,
            isServer ? 'staticMarkup.server.ts' : 'staticMarkup.client.ts',
          ),
        },
      },
      module: {
        rules: [
          {
            test: /[\\/]redoc[\\/]bundles[\\/][^\\/]+\.js$/,
            use: [require.resolve('./redocNoRemoteLogoLoader.cjs')],
          },
          {
            test: /[\\/]prismjs[\\/]components[\\/][^\\/]+\.js$/,
            issuer: /[\\/]redoc[\\/]bundles[\\/]/,
            use: [require.resolve('./redocPrismLoader.cjs')],
          },
        ],
      },
    }),
  };
}
