import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultFetchLimits, type FetchLimits } from './fetchText';
import { resolveApiDocument, type ResolvedDocument } from './resolve';
import { toJson, toYaml } from './serialize';
import { writeFileAtomic } from './writeAtomic';

export interface ApiConfig {
  /** Download name and id: `data-v4`. */
  id: string;
  /** Vendored document, relative to the site. */
  vendored: string;
  /** Environment variable that may hold the remote URL. */
  urlVariable: string;
}

export interface Logger {
  info: (message: string) => void;
  warn: (message: string) => void;
}

export interface PipelineOptions {
  siteDir: string;
  /** Folder the resolved documents are published to, as `<id>.json` and `<id>.yaml`. */
  outDir: string;
  apis: readonly ApiConfig[];
  env: Record<string, string | undefined>;
  limits?: FetchLimits;
  fetchImpl?: typeof fetch;
  logger: Logger;
}

export const prefixedConsole: Logger = {
  info: (message) => console.log(`[openapi-source] ${message}`),
  warn: (message) => console.warn(`[openapi-source] Warning: ${message}`),
};

/** `SPEC_STRICT=1` (or `true`) turns an unusable remote document into a failing build. */
export function isStrict(env: Record<string, string | undefined>): boolean {
  return ['1', 'true', 'yes'].includes((env.SPEC_STRICT ?? '').toLowerCase());
}

/**
 * Resolves every API's document and publishes it. Nothing is written until every document has resolved, and each
 * file is written atomically, so a failure leaves the previous output whole.
 */
export async function runPipeline(options: PipelineOptions): Promise<ResolvedDocument[]> {
  const strict = isStrict(options.env);
  const resolved: ResolvedDocument[] = [];
  for (const api of options.apis) {
    const vendoredPath = path.join(options.siteDir, api.vendored);
    const result = await resolveApiDocument(
      {
        id: api.id,
        vendoredPath: api.vendored,
        vendoredText: await readFile(vendoredPath, 'utf8'),
        urlVariable: api.urlVariable,
        url: options.env[api.urlVariable] || undefined,
      },
      { strict, limits: options.limits ?? defaultFetchLimits, fetchImpl: options.fetchImpl },
    );
    if (result.warning) options.logger.warn(result.warning);
    for (const notice of result.notices ?? []) options.logger.warn(`${api.id}: ${notice}`);
    const dropped = result.dropped.length > 0 ? `; dropped container-engine schemas: ${result.dropped.join(', ')}` : '';
    options.logger.info(`${api.id}: using the ${result.source} document ${result.origin}${dropped}`);
    resolved.push(result);
  }
  for (const result of resolved) {
    await writeFileAtomic(path.join(options.outDir, `${result.id}.json`), toJson(result.document));
    await writeFileAtomic(path.join(options.outDir, `${result.id}.yaml`), toYaml(result.document));
  }
  return resolved;
}
