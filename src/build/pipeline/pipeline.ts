import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fetchLimitsFrom, type FetchLimits } from './fetchText';
import type { SampleEnvironment } from '../../core/samples';
import type { UnusedSchemas } from './normalize';
import { postmanCollection } from './postman';
import { resolveApiDocument, type RenderCheck, type ResolvedDocument } from './resolve';
import { toJson, toYaml } from './serialize';
import { writeFileAtomic } from './writeAtomic';
import { terminalText } from '../../core/text/escape';
import { noticeLines, noticesShownPerKind } from './notices';

/** The Postman collection's file name beside the documents. */
export function postmanFile(id: string): string {
  return `${id}.postman.json`;
}

export interface ApiConfig {
  /** Download name and id: `data-v4`. */
  id: string;
  /** Vendored document, relative to the site. */
  vendored: string;
  /** Environment variable that may hold the remote URL. */
  urlVariable: string;
  /** The samples' environment convention, which the Postman collection's variables follow. */
  environment?: SampleEnvironment;
  /** Origins a credential may go to (src/build/hosts.ts): the Postman collection calls only servers on these. */
  trustedOrigins?: readonly string[];
  /** Schemas the API's documents carry that are not its product, dropped when unused (config/apis.ts). */
  unusedSchemas?: UnusedSchemas;
  /** Page names a call must leave free: the overview pages of the registry's APIs. */
  reservedPageNames?: readonly string[];
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
  /** Whether a document can be built into pages: one that cannot is refused (src/build/pipeline/resolve.ts). */
  renderable: RenderCheck;
}

/** The build's log. Its messages quote the documents (a path, a name): control characters are shown, not sent. */
export const prefixedConsole: Logger = {
  info: (message) => console.log(`[openapi-source] ${terminalText(message)}`),
  warn: (message) => console.warn(`[openapi-source] Warning: ${terminalText(message)}`),
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
  const limits = options.limits ?? fetchLimitsFrom(options.env);
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
        unusedSchemas: api.unusedSchemas,
        reservedPageNames: api.reservedPageNames,
      },
      { strict, limits, fetchImpl: options.fetchImpl, renderable: options.renderable },
    );
    if (result.warning) options.logger.warn(result.warning);
    const perKind = options.env.OPENAPI_NOTICES === 'all' ? Infinity : noticesShownPerKind;
    for (const line of noticeLines(result.notices ?? [], perKind)) options.logger.warn(`${api.id}: ${line}`);
    const dropped =
      result.dropped.length > 0 ? `; dropped ${api.unusedSchemas?.what} schemas: ${result.dropped.join(', ')}` : '';
    options.logger.info(`${api.id}: using the ${result.source} document ${result.origin}${dropped}`);
    resolved.push(result);
  }
  for (const result of resolved) {
    await writeFileAtomic(path.join(options.outDir, `${result.id}.json`), toJson(result.document));
    await writeFileAtomic(path.join(options.outDir, `${result.id}.yaml`), toYaml(result.document));
    const api = options.apis.find((candidate) => candidate.id === result.id);
    const environment = api?.environment;
    const collection = path.join(options.outDir, postmanFile(result.id));
    // An API configured without the convention's variables gets no collection (nothing to name them by).
    if (!environment) continue;
    try {
      await writeFileAtomic(collection, await postmanCollection(result.document, environment, api?.trustedOrigins));
    } catch (error) {
      // The site stands without it: the downloads then offer none rather than a stale one.
      await rm(collection, { force: true });
      options.logger.warn(
        `${result.id}: no Postman collection: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return resolved;
}
