import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { downloadsOf } from '../../core/openapi/sourceData';
import { ownOptions, validatePluginOptions } from '../../build/pipeline/options';
import { writeFileAtomic } from '../../build/pipeline/writeAtomic';
import { openapiSource } from '../../build/siteOptions';
import { resolvedDocuments } from '../../build/pipeline/resolved';
import { renderingNotices } from '../../build/pages/renderable';
import { documentFingerprint, fullCallsFrom, referenceModel } from '../../core/openapi/singlePage';
import { descriptionLinks, type DescriptionLinkOptions } from '../../core/openapi/descriptionLinks';
import { markdownTrees } from '../../core/markdown/parse';
import type { SinglePageReferenceProps } from '../../components/SinglePageReference';
import type { ServerDocuments } from '../../components/SinglePageReference/serverDocuments.client';
import { sampleSettings } from '../../core/samples';
import { skipBundlingVariable } from '../../../config/build';

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
      // The render step of a production build (config/build.ts) renders with the server bundle a bundle step made
      // from this file, which stays where that step wrote it: made again, it cost Graph v1.0's render step 12 s.
      const bundling = process.env[skipBundlingVariable] !== 'true';
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
        if (bundling) {
          documents[api.id] = {
            document: result.document,
            markdown: markdownTrees(
              referenceModel(result.document, { api: api.id, samples }),
              descriptionLinks(result.document, links),
            ),
          };
        }
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
      if (!bundling) return;
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
