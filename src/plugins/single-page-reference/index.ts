import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { downloadsOf } from '../../core/openapi/sourceData';
import { ownOptions, validatePluginOptions } from '../../build/pipeline/options';
import { writeFileAtomic } from '../../build/pipeline/writeAtomic';
import { openapiSource } from '../../build/siteOptions';
import { resolvedDocuments } from '../../build/pipeline/resolved';
import { renderingNotices } from '../../build/pages/renderable';
import { documentFingerprint, fullCallsFrom, referenceModel } from '../../core/openapi/singlePage';
import { pageCallsFrom, splitReference, tagSlice } from '../../core/openapi/referencePages';
import { slugsOf, webhookViews } from '../../core/openapi/view';
import type { MarkdownTrees } from '../../core/markdown/tree';
import { descriptionLinks, type DescriptionLinkOptions } from '../../core/openapi/descriptionLinks';
import { markdownTrees } from '../../core/markdown/parse';
import type { SinglePageReferenceProps } from '../../components/SinglePageReference';
import type { ServerDocuments } from '../../components/SinglePageReference/serverDocuments.client';
import { sampleSettings } from '../../core/samples';
import { skipBundlingVariable } from '../../../config/build';
import { generatedRequest, singlePageReferenceName, tagPropsName } from '../../build/pages/tagPages';

const componentDir = path.resolve(__dirname, '../../components/SinglePageReference');

/** Where a split reference's tag page loads its document from (`tagSlice`), site-relative. */
export function sliceUrl(api: string, slug: string): string {
  return `/${sliceFolder}/${api}/${slug}.json`;
}

/**
 * The static folder of the tag pages' documents: apart from `openapi/<id>/`, which the document step replaces whole
 * when a document changes under `npm start`, while this plugin writes the slices only when it loads.
 */
const sliceFolder = 'openapi-reference';

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
  const documentsFile = path.join(context.generatedFilesDir, singlePageReferenceName, 'documents.json');
  return {
    name: singlePageReferenceName,
    contentLoaded: async ({ actions }) => {
      const fullCalls = fullCallsFrom(process.env);
      const pageCalls = pageCallsFrom(process.env);
      // The render step of a production build (config/build.ts) renders with the server bundle a bundle step made
      // from this file, which stays where that step wrote it: made again, it cost Graph v1.0's render step 12 s.
      const bundling = process.env[skipBundlingVariable] !== 'true';
      const resolved = await resolvedDocuments(context.siteDir, options, renderingNotices);
      const documents: ServerDocuments = {};
      for (const api of options.apis) {
        const result = resolved.find((candidate) => candidate.id === api.id);
        // A tag page's document (`tagSlice`) beside the published ones; an earlier build's go first, split or not.
        const sliceDir = path.resolve(context.siteDir, options.staticDir, sliceFolder, api.id);
        if (bundling) await rm(sliceDir, { recursive: true, force: true });
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
        const pages = splitReference(result.document, pageCalls);
        if (!pages) {
          actions.addRoute({
            path: joinRoute(context.baseUrl, route),
            component: '@site/src/components/SinglePageReference',
            exact: true,
            props,
          });
          continue;
        }
        // Past `pageCalls` calls: the route lists the tags, and each tag's calls get a page of their own, hydrated from
        // a document of the tag's calls alone (written where the published documents are, so `npm start` serves it too).
        const webhooks = webhookViews(result.document, api.id).map((webhook) => ({
          name: webhook.name,
          slug: webhook.slug,
        }));
        actions.addRoute({
          path: joinRoute(context.baseUrl, route),
          component: '@site/src/components/SinglePageReference',
          exact: true,
          props: { ...props, split: { route, pages, webhooks } } satisfies SinglePageReferenceProps,
        });
        // Written by the bundle step, which copies the static files into the build; the render step only routes.
        if (bundling) await mkdir(sliceDir, { recursive: true });
        const tagMarkdown: Record<string, MarkdownTrees> = {};
        for (const page of pages) {
          const slice = tagSlice(result.document, page.tag);
          // A tag's page links a tag to its own route; its descriptions are parsed against its own document (with the
          // whole document's page names), as the browser parses them again from the document it loads.
          const tagLinks: DescriptionLinkOptions = { ...links, referenceRoute: `${route}/${page.slug}` };
          if (bundling) {
            await writeFileAtomic(path.join(sliceDir, `${page.slug}.json`), JSON.stringify(slice));
            tagMarkdown[page.slug] = markdownTrees(
              referenceModel(slice, { api: api.id, samples }),
              descriptionLinks(slice, tagLinks),
            );
          }
          // Its props as a module named by its tag (src/build/pages/tagPages.ts says why), read by the route as
          // Docusaurus reads `props` (`__props`, spread into the component's props).
          const tagProps = {
            ...props,
            title: `${page.name}: ${title}`,
            fingerprint: documentFingerprint(slice),
            descriptionLinks: tagLinks,
            tag: {
              slug: page.slug,
              slugs: slugsOf(result.document, slice),
              tag: page.tag ?? null,
              name: page.name,
              calls: page.calls,
              documentUrl: sliceUrl(api.id, page.slug),
              index: route,
            },
          } satisfies SinglePageReferenceProps;
          const propsFile = await actions.createData(tagPropsName(api.id, page.slug), JSON.stringify(tagProps));
          actions.addRoute({
            path: joinRoute(context.baseUrl, `${route}/${page.slug}`),
            component: '@site/src/components/SinglePageReference',
            exact: true,
            modules: { __props: generatedRequest(context.generatedFilesDir, propsFile) },
          });
        }
        const entry = documents[api.id];
        if (entry) entry.tags = tagMarkdown;
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
