import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { downloadsOf } from '../openapi-source';
import { ownOptions, validatePluginOptions } from '../../lib/pipeline/options';
import { writeFileAtomic } from '../../lib/pipeline/writeAtomic';
import { openapiSource } from '../../../config/openapi';
import { resolvedDocuments } from '../../lib/pipeline/resolved';
import { renderingNotices } from '../openapi-pages/lib/renderable';
import { documentFingerprint, fullCallsFrom, referenceModel } from '../../lib/openapi/singlePage';
import { descriptionLinks, type DescriptionLinkOptions } from '../../lib/openapi/descriptionLinks';
import { markdownTrees } from '../../lib/markdown/parse';
import type { SinglePageReferenceProps } from '../../components/SinglePageReference';
import type { ServerDocuments } from '../../components/SinglePageReference/serverDocuments.client';
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
      const documents: ServerDocuments = {};
      for (const api of options.apis) {
        const result = resolved.find((candidate) => candidate.id === api.id);
        if (!api.reference || !api.pages || !result) continue;
        const { route, runtimeSpecUrl, title, description, overview } = api.reference;
        const samples = sampleSettings(result.document, api.pages);
        const links: DescriptionLinkOptions = {
          linkBase: api.pages.linkBase,
          referenceRoute: route,
          portalLinks: api.pages.descriptionLinks?.portalLinks,
        };
        // The build document's descriptions, parsed for the server's render only: the browser parses them again from
        // the document it loads, so their text does not reach the page twice.
        documents[api.id] = {
          document: result.document,
          markdown: markdownTrees(
            referenceModel(result.document, { api: api.id, samples }),
            descriptionLinks(result.document, links),
          ),
        };
        const props: SinglePageReferenceProps = {
          title,
          description,
          overview,
          runtimeSpecUrl,
          downloads: downloadsOf(api.id),
          fingerprint: documentFingerprint(result.document),
          linkBase: api.pages.linkBase,
          descriptionLinks: links,
          fullCalls,
          model: { api: api.id, samples },
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
