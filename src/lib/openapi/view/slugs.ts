import { componentSchemas, listOperations, text, type JsonObject, type OperationRef } from '../document';

export const schemaPrefix = '#/components/schemas/';

/** `getChampionshipMatches` → `get-championship-matches`; anything unsafe in a URL becomes a dash. */
export function kebabCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

interface SlugMap {
  operations: Map<string, string>;
  schemas: Map<string, string>;
  /** One line per page name that had to be changed: a collision, an empty or a reserved name. */
  problems: string[];
}

/**
 * Gives each base name a page name no other has: the first keeps its name, a later one gets `-2`, `-3`… (in
 * document order, so the result is the same at every build), and an empty name gets the fallback.
 */
function uniqueSlugs(
  entries: { key: string; base: string; fallback: string; label: string }[],
  reserved: readonly string[],
  problems: string[],
): Map<string, string> {
  const taken = new Set(reserved);
  const slugs = new Map<string, string>();
  for (const { key, base, fallback, label } of entries) {
    const wanted = base || fallback;
    let slug = wanted;
    for (let n = 2; taken.has(slug); n += 1) slug = `${wanted}-${n}`;
    if (!base) problems.push(`${label} has no usable page name; it gets "${slug}"`);
    else if (slug !== base)
      problems.push(`${label} would have the page name "${base}" of another page; it gets "${slug}"`);
    taken.add(slug);
    slugs.set(key, slug);
  }
  return slugs;
}

const slugMaps = new WeakMap<JsonObject, SlugMap>();

/** The page names of a document's operations and schemas, worked out once per document. */
export function documentSlugs(document: JsonObject): SlugMap {
  const known = slugMaps.get(document);
  if (known) return known;
  const problems: string[] = [];
  const operations = uniqueSlugs(
    listOperations(document).map((ref) => ({
      key: operationKey(ref),
      base: kebabCase(text(ref.operation.operationId) || `${ref.method}-${ref.path}`),
      fallback: kebabCase(`${ref.method}-${ref.path}`) || `${ref.method}-operation`,
      label: `operation ${ref.method.toUpperCase()} ${ref.path}`,
    })),
    [],
    problems,
  );
  const schemas = componentSchemas(document);
  const schemaSlugs = uniqueSlugs(
    Object.keys(schemas).map((name) => ({
      key: name,
      base: kebabCase(name),
      fallback: 'schema',
      label: `schema ${JSON.stringify(name)}`,
    })),
    [],
    problems,
  );
  const map = { operations, schemas: schemaSlugs, problems };
  slugMaps.set(document, map);
  return map;
}

/**
 * The operations whose page name is one the API's own pages take (its overview, `index`, `schemas`, `changelog`):
 * one line each, naming the operation and the page. The build refuses such a document rather than renaming the call:
 * a link to `/docs/<api>/changelog` must mean the changelog in every build, whatever a later document adds.
 */
export function reservedSlugCollisions(document: JsonObject, reserved: ReadonlyMap<string, string>): string[] {
  return listOperations(document).flatMap((ref) => {
    const slug = operationSlug(document, ref);
    const page = reserved.get(slug);
    return page === undefined
      ? []
      : [`operation ${ref.method.toUpperCase()} ${ref.path} would have the page name "${slug}" of ${page}`];
  });
}

function operationKey(ref: OperationRef): string {
  return `${ref.method} ${ref.path}`;
}

export function operationSlug(document: JsonObject, ref: OperationRef): string {
  return documentSlugs(document).operations.get(operationKey(ref)) ?? kebabCase(`${ref.method}-${ref.path}`);
}

export function schemaSlug(document: JsonObject, name: string): string {
  return `schemas/${documentSlugs(document).schemas.get(name) ?? (kebabCase(name) || 'schema')}`;
}
