import { existsSync } from 'node:fs';
import path from 'node:path';
import { downloadsOf, type OpenApiSourceData, type ResolvedApiSummary } from '../../core/openapi/sourceData';
import { postmanFile } from '../../build/pipeline/pipeline';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { listOperations } from '../../core/openapi/document';
import { apiBaseUrl } from '../../core/openapi/facts';
import { validatePluginOptions } from '../../build/pipeline/options';
import { openapiSource } from '../../build/siteOptions';

export { validateOptions } from '../../build/pipeline/options';
import { documentPaths, resolvedDocuments } from '../../build/pipeline/resolved';
import { renderingNotices } from '../../build/pages/renderable';

/**
 * The landing page's card and quick start of an API, from the site's registry (this plugin's own options are the
 * lean ones Docusaurus ships to every page: they carry no prose).
 */
function siteOf(id: string): Pick<ResolvedApiSummary, 'site'> {
  const api = openapiSource.apis.find((candidate) => candidate.id === id);
  const overview = api?.pages.overview;
  if (!api || !overview) return {};
  return {
    site: {
      name: overview.title,
      href: `${api.pages.linkBase}/`,
      card: overview.prose.card,
      credential: overview.credential,
      ...(overview.quickStart ? { quickStart: overview.quickStart } : {}),
    },
  };
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
      console.error(`[openapi-source] stopped by ${signal}`);
      process.exit(code);
    });
  }
}

/**
 * One job: each API's OpenAPI document (remote when configured and usable, otherwise vendored), resolved once and
 * published under `/openapi/` (src/build/pipeline/resolved.ts), and a summary of each in global data for the pages that show one.
 * The generated pages (openapi-pages) and the single-page references (single-page-reference) read the same resolution.
 */
export default async function openapiSourcePlugin(context: LoadContext, rawOptions: unknown): Promise<Plugin> {
  const options = validatePluginOptions(rawOptions);
  stopWithFailureOnSignals();
  // Resolved when the plugin is created, so the documents are published before any plugin loads content.
  await resolvedDocuments(context.siteDir, options, renderingNotices);
  return {
    name: 'openapi-source',
    getPathsToWatch: () => documentPaths(context.siteDir, options),
    async loadContent(): Promise<OpenApiSourceData> {
      const resolved = await resolvedDocuments(context.siteDir, options, renderingNotices);
      return {
        apis: resolved.map((result) => {
          const info = (result.document.info ?? {}) as { title?: string; version?: string };
          return {
            id: result.id,
            title: info.title ?? result.id,
            version: info.version ?? '',
            source: result.source,
            operations: listOperations(result.document).length,
            baseUrl: apiBaseUrl(result.document, options.apis.find((api) => api.id === result.id)?.trustedOrigins),
            downloads: {
              ...downloadsOf(result.id),
              ...(existsSync(path.resolve(context.siteDir, options.staticDir, 'openapi', postmanFile(result.id)))
                ? { postman: `/openapi/${postmanFile(result.id)}` }
                : {}),
            },
            environment: options.apis.find((api) => api.id === result.id)?.environment,
            ...siteOf(result.id),
          };
        }),
      };
    },
    contentLoaded: ({ content, actions }) => {
      actions.setGlobalData(content);
    },
  };
}
