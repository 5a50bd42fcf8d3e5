import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { downloadsOf } from '../openapi-source';
import { ownOptions, validatePluginOptions } from '../../lib/pipeline/options';
import { writeFileAtomic } from '../../lib/pipeline/writeAtomic';
import { openapiSource } from '../../../config/openapi';
import { resolvedDocuments } from '../../lib/pipeline/resolved';
import { renderingNotices } from '../openapi-pages/lib/renderable';
import { documentFingerprint, fullCallsFrom } from '../../lib/openapi/singlePage';
import type { SinglePageReferenceProps } from '../../components/SinglePageReference';
import { sampleSettings } from '../../lib/samples';

const componentDir = path.resolve(__dirname, '../../components/SinglePageReference');

function joinRoute(baseUrl: string, route: string): string {
  return `${baseUrl.replace(/\/$/, '')}${route}`;
}

/**
 * One job: the single-page reference of each API (`/api/data`, `/api/chat`), built from the resolved document with
 * the site's own reference components. The server renders it from the documents of this build (a module only the
 * server bundle imports); the browser hydrates it from the document it loads, so the document is not also shipped
 * inside the page's JavaScript.
 */
export default function singlePageReferencePlugin(context: LoadContext, rawOptions?: unknown): Plugin {
  const options = validatePluginOptions(ownOptions(rawOptions, openapiSource));
  const documentsFile = path.join(context.generatedFilesDir, 'single-page-reference', 'documents.json');
  return {
    name: 'single-page-reference',
    contentLoaded: async ({ actions }) => {
      const fullCalls = fullCallsFrom(process.env);
      const resolved = await resolvedDocuments(context.siteDir, options, renderingNotices);
      const documents: Record<string, unknown> = {};
      for (const api of options.apis) {
        const result = resolved.find((candidate) => candidate.id === api.id);
        if (!api.reference || !api.pages || !result) continue;
        documents[api.id] = result.document;
        const { route, runtimeSpecUrl, title, description, overview } = api.reference;
        const props: SinglePageReferenceProps = {
          title,
          description,
          overview,
          runtimeSpecUrl,
          downloads: downloadsOf(api.id),
          fingerprint: documentFingerprint(result.document),
          linkBase: api.pages.linkBase,
          fullCalls,
          model: {
            api: api.id,
            samples: sampleSettings(result.document, api.pages),
          },
        };
        actions.addRoute({
          path: joinRoute(context.baseUrl, route),
          component: '@site/src/components/SinglePageReference',
          exact: true,
          props,
        });
      }
      await mkdir(path.dirname(documentsFile), { recursive: true });
      await writeFileAtomic(documentsFile, JSON.stringify(documents));
    },
    configureWebpack: (_config, isServer) => ({
      module: {
        rules: isServer
          ? [
              {
                test: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]renderToHtml\.js$/,
                use: [require.resolve('./inlineBoundariesLoader.cjs')],
              },
            ]
          : [],
      },
      resolve: {
        alias: {
          '@portal/reference-documents$': isServer
            ? documentsFile
            : path.join(componentDir, 'serverDocuments.client.ts'),
        },
      },
    }),
  };
}
