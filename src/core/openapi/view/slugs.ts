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

/**
 * The longest page name, before a `-2` that keeps it unique. A page's name is a file name several times over (its
 * MDX file, its folder, its data file, its Markdown twin and that twin's compressed copies, `<name>.md.br`), and a
 * file name holds at most 255 bytes: Microsoft Graph beta's longest operationId makes a name of some 300 characters,
 * which stopped the build with ENAMETOOLONG. 150 leaves room for every suffix and keeps an address readable.
 */
export const maxPageNameLength = 150;

/** `name` cut to `maxPageNameLength`, at its last dash within the limit when that keeps most of it. */
function shortened(name: string): string {
  if (name.length <= maxPageNameLength) return name;
  const cut = name.slice(0, maxPageNameLength);
  const dash = cut.lastIndexOf('-');
  return dash > maxPageNameLength / 2 ? cut.slice(0, dash) : cut;
}

interface SlugMap {
  operations: Map<string, string>;
  schemas: Map<string, string>;
  /** One line per page name that had to be changed: a collision, an empty or a reserved name. */
  problems: string[];
}

/**
 * Gives each base name a page name no other has: the first keeps its name, a later one gets `-2`, `-3`… (in
 * document order, so the result is the same at every build), an empty name gets the fallback and a name longer than
 * `maxPageNameLength` is shortened first.
 */
function uniqueSlugs(
  entries: { key: string; base: string; fallback: string; label: string }[],
  reserved: readonly string[],
  problems: string[],
): Map<string, string> {
  const taken = new Set(reserved);
  const slugs = new Map<string, string>();
  for (const { key, base, fallback, label } of entries) {
    const wanted = shortened(base || fallback);
    let slug = wanted;
    for (let n = 2; taken.has(slug); n += 1) slug = `${wanted}-${n}`;
    if (!base) problems.push(`${label} has no usable page name; it gets "${slug}"`);
    else if (wanted !== base)
      problems.push(
        `${label} would have a page name of ${base.length} characters, longer than a page name may be (${maxPageNameLength}); it gets "${slug}"`,
      );
    else if (slug !== base && reserved.includes(base))
      problems.push(
        `${label} would have the page name "${base}", which the portal keeps for a page of its own; it gets "${slug}"`,
      );
    else if (slug !== base)
      problems.push(`${label} would have the page name "${base}" of another page; it gets "${slug}"`);
    taken.add(slug);
    slugs.set(key, slug);
  }
  return slugs;
}

const slugMaps = new WeakMap<JsonObject, SlugMap>();

/**
 * The page names an API's folder keeps for the portal's own pages: its landing page (`index`), its schemas folder
 * and its changelog. A call of that name gets the next free one (`changelog-2`): the portal's URL scheme makes room,
 * not the document, and every link follows because every link reads these names.
 */
export const portalPageNames: readonly string[] = ['index', 'schemas', 'changelog'];

/**
 * The document's own list of further names to keep free, set by the document step when a call would take one
 * (the overview pages of the registry's APIs, config/apis.ts): the published document carries it, so the build, the
 * MCP server and the single-page reference name the call alike.
 */
export const reservedPagesKey = 'x-portal-reserved-page-names';

function reservedNames(document: JsonObject): string[] {
  const listed = document[reservedPagesKey];
  const own = Array.isArray(listed) ? listed.filter((name): name is string => typeof name === 'string') : [];
  return [...portalPageNames, ...own];
}

/** The names of `names` that a call of the document would take as its page name, before any renaming. */
export function operationPageNamesIn(document: JsonObject, names: readonly string[]): string[] {
  const wanted = new Set(names);
  return listOperations(document)
    .map((ref) => kebabCase(text(ref.operation.operationId) || `${ref.method}-${ref.path}`))
    .filter((name) => wanted.has(name));
}

/** Page names given to a document by the build rather than worked out from it: `withSlugs`. */
export interface GivenSlugs {
  /** `[method path, page name]` of each operation: `['get /players', 'get-players']`. */
  operations: [string, string][];
  /** `[schema name, page name]` of each component schema: `['Player', 'player']`. */
  schemas: [string, string][];
}

/**
 * Gives a document the page names of another: a part of a document (a split reference's tag, `tagSlice`) must link
 * its calls and schemas as the whole document names them, and names worked out from the part alone would differ
 * where two names collide in the whole. Only the build gives them (through a page's props), never the document.
 */
export function withSlugs(document: JsonObject, slugs: GivenSlugs): void {
  slugMaps.set(document, { operations: new Map(slugs.operations), schemas: new Map(slugs.schemas), problems: [] });
}

/** The page names `document` gives the operations and schemas of `part` (see `withSlugs`). */
export function slugsOf(document: JsonObject, part: JsonObject): GivenSlugs {
  const whole = documentSlugs(document);
  const operations = listOperations(part).map((ref): [string, string] => {
    const key = operationKey(ref);
    return [key, whole.operations.get(key) ?? kebabCase(`${ref.method}-${ref.path}`)];
  });
  const schemas = Object.keys(componentSchemas(part)).map((name): [string, string] => [
    name,
    whole.schemas.get(name) ?? (kebabCase(name) || 'schema'),
  ]);
  return { operations, schemas };
}

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
    reservedNames(document),
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

function operationKey(ref: OperationRef): string {
  return `${ref.method} ${ref.path}`;
}

export function operationSlug(document: JsonObject, ref: OperationRef): string {
  return documentSlugs(document).operations.get(operationKey(ref)) ?? kebabCase(`${ref.method}-${ref.path}`);
}

export function schemaSlug(document: JsonObject, name: string): string {
  return `schemas/${documentSlugs(document).schemas.get(name) ?? (kebabCase(name) || 'schema')}`;
}
