import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { listOperations } from '../../lib/openapi/document';
import { validatePluginOptions } from './lib/options';
import { prefixedConsole, runPipeline } from './lib/pipeline';

/** What pages learn of each resolved document through `usePluginData('openapi-source')`. */
export interface ResolvedApiSummary {
  id: string;
  title: string;
  version: string;
  source: 'remote' | 'vendored';
  operations: number;
  /** Site-relative paths of the downloads. */
  downloads: { json: string; yaml: string };
}

export interface OpenApiSourceData {
  apis: ResolvedApiSummary[];
}

/**
 * Resolves each API's OpenAPI document (remote when configured and usable, otherwise vendored) and publishes it
 * under `/openapi/`. It runs when the plugin is created, before any plugin loads content, so every consumer (the
 * reference pages, the operation pages, search) reads the one resolved document.
 */
export default async function openapiSourcePlugin(context: LoadContext, rawOptions: unknown): Promise<Plugin> {
  const options = validatePluginOptions(rawOptions);
  const resolved = await runPipeline({
    siteDir: context.siteDir,
    outDir: path.resolve(context.siteDir, options.staticDir, 'openapi'),
    apis: options.apis,
    env: process.env,
    logger: prefixedConsole,
  });
  const data: OpenApiSourceData = {
    apis: resolved.map((result) => {
      const info = (result.document.info ?? {}) as { title?: string; version?: string };
      return {
        id: result.id,
        title: info.title ?? result.id,
        version: info.version ?? '',
        source: result.source,
        operations: listOperations(result.document).length,
        downloads: { json: `/openapi/${result.id}.json`, yaml: `/openapi/${result.id}.yaml` },
      };
    }),
  };
  return {
    name: 'openapi-source',
    contentLoaded: ({ actions }) => {
      actions.setGlobalData(data);
      return Promise.resolve();
    },
  };
}
