import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { listOperations } from '../../lib/openapi/document';
import { apiFacts } from '../../lib/openapi/facts';
import { validatePluginOptions } from './lib/options';
import { generatedAlias } from './lib/generatedAlias';
import { overviewPages } from './lib/overview';
import { referencePages, writeReferencePages } from './lib/pages';
import { prefixedConsole, runPipeline } from './lib/pipeline';
import { writeFileAtomic } from './lib/writeAtomic';

/** What pages learn of each resolved document through `usePluginData('openapi-source')`. */
export interface ResolvedApiSummary {
  id: string;
  title: string;
  version: string;
  source: 'remote' | 'vendored';
  operations: number;
  /** The first server's URL, for snippets such as the landing page's first request. */
  baseUrl: string;
  /** Site-relative paths of the downloads. */
  downloads: { json: string; yaml: string };
}

export interface OpenApiSourceData {
  apis: ResolvedApiSummary[];
}

/**
 * The code of the generated reference pages: their components and the view and request functions they use. The
 * Markdown renderer and the facts components are shared with guides and stay out of it.
 */
const apiReferenceModules = /[\\/]src[\\/](components[\\/]Api(Reference|Explorer)|lib[\\/]openapi)[\\/]/;

const componentDir = path.resolve(__dirname, '../../components/RedocReference');

function downloadsOf(id: string): { json: string; yaml: string } {
  return { json: `/openapi/${id}.json`, yaml: `/openapi/${id}.yaml` };
}

let signalsHandled = false;

/**
 * `docusaurus build` answers SIGTERM and SIGINT with `process.exit()`, code 0, so a build stopped half-way looks
 * like a success to whatever ran it. This handler runs first and exits with the shell's code for the signal.
 */
function stopWithFailureOnSignals(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    process.prependListener(signal, () => {
      console.error(`[openapi] stopped by ${signal}`);
      process.exit(code);
    });
  }
}

function joinRoute(baseUrl: string, route: string): string {
  return `${baseUrl.replace(/\/$/, '')}${route}`;
}

/**
 * Resolves each API's OpenAPI document (remote when configured and usable, otherwise vendored) and publishes it
 * under `/openapi/`. It runs when the plugin is created, before any plugin loads content, so every consumer (the
 * reference pages, the operation pages, search) reads the one resolved document.
 */
export default async function openapiSourcePlugin(context: LoadContext, rawOptions: unknown): Promise<Plugin> {
  const options = validatePluginOptions(rawOptions);
  stopWithFailureOnSignals();
  const resolved = await runPipeline({
    siteDir: context.siteDir,
    outDir: path.resolve(context.siteDir, options.staticDir, 'openapi'),
    apis: options.apis,
    env: process.env,
    logger: prefixedConsole,
  });
  // The pages must exist before the docs plugins read their folders, which happens after every plugin is created.
  for (const api of options.apis) {
    const result = resolved.find((candidate) => candidate.id === api.id);
    if (!api.pages || !result) continue;
    const { sidebarFile, factsFile, overview, ...pagesOptions } = api.pages;
    const pages = referencePages(result.document, api.id, pagesOptions);
    if (overview) pages.files.push(...overviewPages(overview));
    await writeReferencePages(context.siteDir, pages, pagesOptions, sidebarFile);
    const facts = apiFacts(result.document, api.id, pagesOptions.linkBase);
    await writeFileAtomic(path.resolve(context.siteDir, factsFile), JSON.stringify(facts, null, 2));
    prefixedConsole.info(`${api.id}: wrote ${pages.files.length} reference pages to ${pagesOptions.dir}`);
  }
  const data: OpenApiSourceData = {
    apis: resolved.map((result) => {
      const info = (result.document.info ?? {}) as { title?: string; version?: string };
      return {
        id: result.id,
        title: info.title ?? result.id,
        version: info.version ?? '',
        source: result.source,
        operations: listOperations(result.document).length,
        baseUrl: apiFacts(result.document, result.id, '').baseUrl,
        downloads: downloadsOf(result.id),
      };
    }),
  };
  return {
    name: 'openapi-source',
    contentLoaded: async ({ actions }) => {
      actions.setGlobalData(data);
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
      // Docusaurus puts every module that half the pages use into a `common` chunk that every page loads. The
      // generated reference pages are most of the site's pages, so their components would ride along on every
      // guide; they get a chunk of their own, loaded by the reference pages only.
      optimization: isServer
        ? {}
        : {
            splitChunks: {
              cacheGroups: {
                apiReference: {
                  test: apiReferenceModules,
                  name: 'api-reference',
                  chunks: 'async',
                  minChunks: 2,
                  priority: 45,
                  enforce: true,
                },
              },
            },
          },
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
            use: [require.resolve('./lib/redocNoRemoteLogoLoader.cjs')],
          },
          {
            test: /[\\/]prismjs[\\/]components[\\/][^\\/]+\.js$/,
            issuer: /[\\/]redoc[\\/]bundles[\\/]/,
            use: [require.resolve('./lib/redocPrismLoader.cjs')],
          },
        ],
      },
    }),
  };
}
