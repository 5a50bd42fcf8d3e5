import type { JsonObject } from '../../core/openapi/document';
import { operationPageNamesIn, reservedPagesKey } from '../../core/openapi/view/slugs';
import { parseDocumentText, unsafeIntegers } from '../../core/openapi/parse';
import { defaultFetchLimits, fetchText, type FetchLimits } from './fetchText';
import {
  absoluteServers,
  capDocumentShape,
  capDocumentText,
  shapeLimits,
  dropUnusedSchemas,
  type UnusedSchemas,
  externalReferences,
  textLimits,
  unresolvedReferences,
} from './normalize';
import { convertSwagger, openApiProblem, openApiWarnings } from './validate';

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
  /** Schemas its documents carry that are not the product's (config/apis.ts), dropped when unused. */
  unusedSchemas?: UnusedSchemas;
  /** Page names of the portal's own that a call must leave free besides `portalPageNames`: the APIs' overviews. */
  reservedPageNames?: readonly string[];
}

/**
 * Makes from a document everything a build makes of it and throws if any of it fails; returns notices for the log.
 * The page writers supply it (src/build/pages/renderable.ts): the pipeline knows no page format, and a
 * document that validates but cannot be built is refused like any other unusable one.
 */
export type RenderCheck = (document: JsonObject, scope?: RenderScope) => string[];

/**
 * `everything` renders every page, facts and export of the document in memory to prove they can be built: what a
 * document with a fallback needs (a remote one, a pulled one), since failing later would leave no way back. A vendored
 * document has nothing to fall back to, and the build renders its pages anyway, so it gets only the `notices`
 * (renamed pages, skipped samples): rendering it twice cost Microsoft Graph's 11,422 calls 128 of the document step's
 * 147 s (issue 59).
 */
export type RenderScope = 'everything' | 'notices';

export interface ResolveOptions {
  strict: boolean;
  renderable: RenderCheck;
  limits?: FetchLimits;
  fetchImpl?: typeof fetch;
}

export interface ResolvedDocument {
  id: string;
  document: JsonObject;
  source: 'remote' | 'vendored';
  /** Where the document came from: the URL or the vendored path. */
  origin: string;
  /** Schemas dropped as not the product's (`unusedSchemas`). */
  dropped: string[];
  /** Text fields cut to their limit, with a line saying which, for the build's log. */
  notices?: string[];
  /** Set when a configured remote document could not be used and the vendored copy was used instead. */
  warning?: string;
}

/** A configured remote document could not be used and SPEC_STRICT is on. */
export class StrictSpecError extends Error {
  override name = 'StrictSpecError';
}

const shownReferences = 3;

/** A Swagger 2.0 document converted (`convertSwagger`); anything else as it is. */
async function convertOrKeep(parsed: JsonObject): Promise<{ document: JsonObject; notice?: string }> {
  const { document, notice } = await convertSwagger(parsed);
  return { document: document as JsonObject, notice };
}

/** The first few places a notice names, and `…` when there are more: a build log line, not a report. */
function firstFew<T>(items: readonly T[], describe: (item: T) => string): string {
  const shown = items.slice(0, shownReferences).map(describe).join(', ');
  return items.length > shownReferences ? `${shown}, …` : shown;
}

/**
 * Parses, validates and normalizes document text; throws with the reason it cannot be used. A reference outside
 * the document is refused before anything resolves it: no file is read and no URL fetched because a document
 * names it.
 */
export async function prepareDocument(
  text: string,
  renderable: RenderCheck,
  unusedSchemas?: UnusedSchemas,
  /** Where the document was fetched from: its relative server URLs are read against it. */
  documentUrl?: string,
  /** Page names a call must leave free (`ApiSource.reservedPageNames`). */
  reservedPageNames: readonly string[] = [],
  scope: RenderScope = 'everything',
): Promise<{ document: JsonObject; dropped: string[]; notices: string[] }> {
  const { document: parsed, notice: converted } = await convertOrKeep(parseDocumentText(text));
  const external = externalReferences(parsed);
  if (external.length > 0) {
    const more = external.length > shownReferences ? ` (and ${external.length - shownReferences} more)` : '';
    throw new Error(
      `it refers outside itself ($ref ${external
        .slice(0, shownReferences)
        .map((ref) => JSON.stringify(ref))
        .join(', ')}${more}); only references inside the document are followed`,
    );
  }
  // Before the linter: Redocly's resolver throws outside any promise on a reference that loops back to itself.
  const { document: referenced, unresolved } = unresolvedReferences(parsed);
  const problem = openApiProblem(referenced);
  if (problem) throw new Error(problem);
  const warnings = await openApiWarnings(referenced);
  if (unresolved.length > 0) {
    warnings.push(
      `${unresolved.length} reference(s) point at nothing (a missing target, a loop, or a mapping outside the document) and are shown as unresolved: ${firstFew(unresolved, (place) => place)}`,
    );
  }
  const { document: served, resolved } = absoluteServers(referenced, documentUrl);
  const { document: withoutEngine, dropped } = dropUnusedSchemas(served, unusedSchemas);
  const { document: shaped, cut: shapeCut } = capDocumentShape(withoutEngine);
  const { document: capped, cut } = capDocumentText(shaped);
  // Only a document with a call that would take such a name carries the list (src/core/openapi/view/slugs.ts).
  const taken = operationPageNamesIn(capped, reservedPageNames);
  const document = taken.length > 0 ? { ...capped, [reservedPagesKey]: [...new Set(taken)] } : capped;
  const notices: string[] = [...(converted ? [converted] : []), ...warnings];
  if (resolved.length > 0) {
    notices.push(
      `${resolved.length} relative server URL(s) were read against the document's ${typeof referenced.$self === 'string' ? `$self ${referenced.$self}` : `address ${documentUrl ?? ''}`}: ${firstFew(resolved, (server) => `${server.from} is ${server.to}`)}`,
    );
  }
  if (cut.length > 0) {
    notices.push(
      `${cut.length} text field(s) longer than the limit (description ${textLimits.description}, summary and title ${textLimits.summary}, other ${textLimits.other} characters) were cut: ${firstFew(cut, (field) => `${field.at} (${field.length} characters)`)}`,
    );
  }
  const rounded = unsafeIntegers(text);
  if (rounded.length > 0) {
    notices.push(
      `${rounded.length} integer(s) beyond 2^53 cannot be held exactly and are shown rounded: ${firstFew(rounded, (place) => `${place.at} (${place.literal} reads as ${BigInt(Number(place.literal)).toString()})`)}`,
    );
  }
  if (shapeCut.length > 0) {
    notices.push(
      `${shapeCut.length} place(s) past the document limits (${shapeLimits.properties} properties in a schema, ${shapeLimits.enumValues} enum values, examples of ${shapeLimits.exampleCharacters} characters) were cut: ${firstFew(shapeCut, (place) => `${place.at} (${place.count} ${place.what === 'example' ? 'characters' : place.what})`)}`,
    );
  }
  try {
    notices.push(...renderable(document, scope));
  } catch (error) {
    throw new Error(`its reference pages cannot be built: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { document, dropped, notices };
}

export function fallbackMessage(source: ApiSource, reason: string, strict = false): string {
  const failure = `${source.id}: could not use ${source.urlVariable}=${source.url ?? ''}: ${reason}.`;
  // In strict mode nothing falls back, so the message must not say it does.
  return strict
    ? `${failure} SPEC_STRICT is set, so the build stops.`
    : `${failure} Using the vendored ${source.vendoredPath} instead.`;
}

/**
 * The one place that decides which document an API's pages are built from: the remote one when it is configured
 * and usable, otherwise the vendored one, with a warning (or, when strict, an error) naming the URL and the reason.
 */
export async function resolveApiDocument(source: ApiSource, options: ResolveOptions): Promise<ResolvedDocument> {
  const vendored = async (warning?: string): Promise<ResolvedDocument> => ({
    id: source.id,
    ...(await prepareDocument(
      source.vendoredText,
      options.renderable,
      source.unusedSchemas,
      undefined,
      source.reservedPageNames,
      'notices',
    )),
    source: 'vendored',
    origin: source.vendoredPath,
    ...(warning ? { warning } : {}),
  });
  if (!source.url) return vendored();
  try {
    const fetched = await fetchText(source.url, options.limits ?? defaultFetchLimits, options.fetchImpl);
    const { document, dropped, notices } = await prepareDocument(
      fetched.text,
      options.renderable,
      source.unusedSchemas,
      source.url,
      source.reservedPageNames,
    );
    return { id: source.id, document, source: 'remote', origin: source.url, dropped, notices };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (options.strict) throw new StrictSpecError(fallbackMessage(source, reason, true));
    return vendored(fallbackMessage(source, reason));
  }
}
