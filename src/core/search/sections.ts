/**
 * What a page of the site is, for search: the section a result is listed and filtered under, its kind (ranking
 * weighs a call above a schema of the same name), and the names a reader may type for it (operationId, method and
 * path, schema name). Calls and schemas are known from the documents themselves, so a page is a call because the
 * document says so, not because of its URL's shape.
 */
import { listOperations, text, type JsonObject } from '../openapi/document';
import { operationSlug, schemaSlug } from '../openapi/view';

export type SearchKind = 'guide' | 'operation' | 'schema';

export interface SearchTarget {
  section: string;
  kind: SearchKind;
  /** Names the page answers to besides its text: `getPlayerHistory`, `GET /players/{player_id}/history`. */
  names: Record<string, string>;
}

export interface SearchApi {
  /** Display name (`Data API`): the section of its calls and pages. */
  title: string;
  /** Route of the API's reference folder (`/docs/data-api`). */
  linkBase: string;
  document: JsonObject;
}

export const guidesSection = 'Guides';
export const schemasSection = 'Schemas';

/** The sections in the order the filters list them: guides, each API, schemas. */
export function searchSections(apiTitles: readonly string[]): string[] {
  return [guidesSection, ...apiTitles, schemasSection];
}

function trimmed(route: string): string {
  return route.replace(/\/+$/, '') || '/';
}

/** Every call and schema page of the APIs, by route. */
export function referenceTargets(apis: readonly SearchApi[]): Map<string, SearchTarget> {
  const targets = new Map<string, SearchTarget>();
  for (const api of apis) {
    for (const ref of listOperations(api.document)) {
      const operationId = text(ref.operation.operationId);
      targets.set(trimmed(`${api.linkBase}/${operationSlug(api.document, ref)}`), {
        section: api.title,
        kind: 'operation',
        names: {
          endpoint: `${ref.method.toUpperCase()} ${ref.path}`,
          ...(operationId ? { operation: operationId } : {}),
        },
      });
    }
    const schemas = (api.document.components as JsonObject | undefined)?.schemas;
    for (const name of Object.keys((schemas as JsonObject | undefined) ?? {})) {
      targets.set(trimmed(`${api.linkBase}/${schemaSlug(api.document, name)}`), {
        section: schemasSection,
        kind: 'schema',
        names: { schema: name },
      });
    }
  }
  return targets;
}

/**
 * The search target of a route, or nothing when the route is not searched: pages outside the docs instances
 * (`docsRoutes`), and the generated category lists, which only repeat their pages' titles. Pages of an API's folder
 * that are not calls or schemas (its overview, its changelog) are listed under the API.
 */
export function searchTarget(
  route: string,
  references: ReadonlyMap<string, SearchTarget>,
  apis: readonly Pick<SearchApi, 'title' | 'linkBase'>[],
  docsRoutes: readonly string[],
): SearchTarget | undefined {
  const path = trimmed(route);
  if (!docsRoutes.some((base) => path === base || path.startsWith(`${base}/`))) return undefined;
  if (/\/category\//.test(path)) return undefined;
  const reference = references.get(path);
  if (reference) return reference;
  const api = apis.find((candidate) => path === candidate.linkBase || path.startsWith(`${candidate.linkBase}/`));
  return { section: api?.title ?? guidesSection, kind: 'guide', names: {} };
}
