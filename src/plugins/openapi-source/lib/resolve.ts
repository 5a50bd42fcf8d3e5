import type { JsonObject } from '../../../lib/openapi/document';
import { parseDocumentText } from '../../../lib/openapi/parse';
import { defaultFetchLimits, fetchText, type FetchLimits } from './fetchText';
import { dropContainerEngineSchemas, sanitizeDocument } from './normalize';
import { openApiProblem } from './validate';

export interface ApiSource {
  /** Short id, also the download file name: `data-v4`. */
  id: string;
  /** Path of the vendored document, for messages. */
  vendoredPath: string;
  /** Text of the vendored document: the embedded default. */
  vendoredText: string;
  /** Name of the environment variable that may hold a remote URL. */
  urlVariable: string;
  /** The remote URL, when configured. */
  url?: string;
}

export interface ResolveOptions {
  strict: boolean;
  limits?: FetchLimits;
  fetchImpl?: typeof fetch;
}

export interface ResolvedDocument {
  id: string;
  document: JsonObject;
  source: 'remote' | 'vendored';
  /** Where the document came from: the URL or the vendored path. */
  origin: string;
  /** Container-engine schemas that were dropped. */
  dropped: string[];
  /** Set when a configured remote document could not be used and the vendored copy was used instead. */
  warning?: string;
}

/** A configured remote document could not be used and SPEC_STRICT is on. */
export class StrictSpecError extends Error {
  override name = 'StrictSpecError';
}

/** Parses, validates and normalizes document text; throws with the reason it cannot be used. */
export async function prepareDocument(text: string): Promise<{ document: JsonObject; dropped: string[] }> {
  const parsed = parseDocumentText(text);
  const problem = await openApiProblem(parsed);
  if (problem) throw new Error(problem);
  const { document: withoutEngine, dropped } = dropContainerEngineSchemas(parsed);
  return { document: sanitizeDocument(withoutEngine).document, dropped };
}

export function fallbackMessage(source: ApiSource, reason: string): string {
  return `${source.id}: could not use ${source.urlVariable}=${source.url ?? ''}: ${reason}. Using the vendored ${source.vendoredPath} instead.`;
}

/**
 * The one place that decides which document an API's pages are built from: the remote one when it is configured
 * and usable, otherwise the vendored one, with a warning (or, when strict, an error) naming the URL and the reason.
 */
export async function resolveApiDocument(source: ApiSource, options: ResolveOptions): Promise<ResolvedDocument> {
  if (source.url) {
    try {
      const fetched = await fetchText(source.url, options.limits ?? defaultFetchLimits, options.fetchImpl);
      const { document, dropped } = await prepareDocument(fetched.text);
      return { id: source.id, document, source: 'remote', origin: source.url, dropped };
    } catch (error) {
      const message = fallbackMessage(source, error instanceof Error ? error.message : String(error));
      if (options.strict) throw new StrictSpecError(message);
      const vendored = await prepareDocument(source.vendoredText);
      return { id: source.id, ...vendored, source: 'vendored', origin: source.vendoredPath, warning: message };
    }
  }
  const vendored = await prepareDocument(source.vendoredText);
  return { id: source.id, ...vendored, source: 'vendored', origin: source.vendoredPath };
}
