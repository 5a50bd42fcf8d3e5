import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SampleEnvironment } from '../../lib/samples';
import { postmanFile } from '../../lib/pipeline/pipeline';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { listOperations } from '../../lib/openapi/document';
import { apiFacts } from '../../lib/openapi/facts';
import { validatePluginOptions, type OverviewOptions } from '../../lib/pipeline/options';
import { openapiSource } from '../../../config/openapi';

export { validateOptions } from '../../lib/pipeline/options';
import { documentPaths, resolvedDocuments } from '../../lib/pipeline/resolved';
import { renderingNotices } from '../openapi-pages/lib/renderable';

/** What pages learn of each resolved document through `usePluginData('openapi-source')`. */
export interface ResolvedApiSummary {
  id: string;
  title: string;
  version: string;
  source: 'remote' | 'vendored';
  operations: number;
  /** The first server's URL, for snippets such as the landing page's first request. */
  baseUrl: string;
  /** Site-relative paths of the downloads; a Postman collection where one could be made of the document. */
  downloads: { json: string; yaml: string; postman?: string };
  /** The variables samples read the credential and base URL from (config/apis.ts). */
  environment?: SampleEnvironment;
  /** The API's card and quick start on the landing page, from its registry record (config/apis.ts). */
  site?: {
    name: string;
    href: string;
    card: string;
    credential: OverviewOptions['credential'];
    quickStart?: OverviewOptions['quickStart'];
  };
}

export interface OpenApiSourceData {
  apis: ResolvedApiSummary[];
}

export function downloadsOf(id: string): { json: string; yaml: string } {
  return { json: `/openapi/${id}.json`, yaml: `/openapi/${id}.yaml` };
}

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
 * published under `/openapi/` (src/lib/pipeline/resolved.ts), and a summary of each in global data for the pages that show one.
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
            baseUrl: apiFacts(
              result.document,
              result.id,
              '',
              options.apis.find((api) => api.id === result.id)?.trustedOrigins,
            ).baseUrl,
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
