import {
  componentSchemas,
  isObject,
  resolvePointer,
  schemaRefTarget,
  type Json,
  type JsonObject,
} from '../../../lib/openapi/document';
import { dataKeys, namedMapKeys } from '../../../lib/openapi/keys';

/**
 * The provider's documents are known to carry schemas of a container engine (volumes, plugins, swarm, images,
 * containers) that are not product behaviour (spec §3). A schema is dropped when its name belongs to one of those
 * families and nothing the operations or the kept schemas use refers to it; a referenced one is kept, since
 * dropping it would break the document.
 */
export const containerEngineSchemaPattern = /^(Volume|Plugin|Swarm|Image|Container)(?![a-z])/;

/**
 * Names of the component schemas reachable from the paths (and from the other non-schema components), and from the
 * schemas named in `roots`.
 */
export function referencedSchemas(document: JsonObject, roots: readonly string[] = []): Set<string> {
  const schemas = componentSchemas(document);
  const seen = new Set<string>();
  const visit = (value: Json): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isObject(value)) return;
    // A pointer into a schema (`…/Company/properties/id`) uses the schema it starts in.
    const name = typeof value.$ref === 'string' ? schemaRefTarget(value.$ref)?.name : undefined;
    if (name !== undefined) {
      if (!seen.has(name)) {
        seen.add(name);
        visit(schemas[name] ?? null);
      }
    }
    Object.values(value).forEach(visit);
  };
  const { components, ...rest } = document;
  visit(rest);
  for (const name of roots) visit(schemas[name] ?? null);
  if (isObject(components)) {
    visit(Object.fromEntries(Object.entries(components).filter(([kind]) => kind !== 'schemas')));
  }
  return seen;
}

export function dropContainerEngineSchemas(document: JsonObject): { document: JsonObject; dropped: string[] } {
  if (!isObject(document.components) || !isObject(document.components.schemas)) return { document, dropped: [] };
  const names = Object.keys(document.components.schemas);
  // Kept: whatever the operations reach, and whatever a schema that stays refers to (its page must resolve).
  const used = referencedSchemas(
    document,
    names.filter((name) => !containerEngineSchemaPattern.test(name)),
  );
  const dropped: string[] = [];
  const kept: JsonObject = {};
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    if (containerEngineSchemaPattern.test(name) && !used.has(name)) dropped.push(name);
    else kept[name] = schema;
  }
  return { document: { ...document, components: { ...document.components, schemas: kept } }, dropped };
}

/**
 * The longest text the site reads from a document, per field: a description, a summary or title, and any other
 * string (names, enum values, example strings). Real documents stay far below these (GitHub's longest description
 * is about 6,000 characters); a longer one is cut, with a warning, so no field can make a page heavy or slow.
 */
export const textLimits = { description: 20_000, summary: 300, title: 300, other: 10_000 } as const;

function limitFor(key: string | undefined): number {
  return key === 'description' || key === 'summary' || key === 'title' ? textLimits[key] : textLimits.other;
}

function pointer(trail: readonly string[]): string {
  return `/${trail.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/**
 * Cuts every string longer than its field's limit. Text stays plain text: nothing is escaped here; each renderer
 * escapes at output with its own rules (src/lib/text/escape.ts, src/lib/markdown).
 */
export function capDocumentText(document: JsonObject): { document: JsonObject; cut: { at: string; length: number }[] } {
  const cut: { at: string; length: number }[] = [];
  const walk = (value: Json, trail: string[], key?: string): Json => {
    if (typeof value === 'string') {
      const limit = limitFor(key);
      if (value.length <= limit) return value;
      cut.push({ at: pointer(trail), length: value.length });
      return `${value.slice(0, limit)}…`;
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...trail, String(index)], key));
    if (!isObject(value)) return value;
    const childrenAreNamed = key !== undefined && namedMapKeys.has(key);
    return Object.fromEntries(
      Object.entries(value).map(([childKey, child]) => [
        childKey,
        walk(child, [...trail, childKey], childrenAreNamed || dataKeys.has(childKey) ? undefined : childKey),
      ]),
    );
  };
  return { document: walk(document, []) as JsonObject, cut };
}

/** Every `$ref` that points outside the document (a file, a URL), in document order. */
export function externalReferences(document: JsonObject): string[] {
  const found: string[] = [];
  const walk = (value: Json): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) found.push(child);
      else walk(child);
    }
  };
  walk(document);
  return found;
}

/**
 * A `$ref` whose chain of references comes back to itself without reaching a value (`A: {$ref: B}`, `B: {$ref:
 * A}`). It points at nothing; Redocly's resolver throws on it outside any promise it returns, which would take the
 * whole build down, so the document is refused before it is handed over.
 */
export function circularReference(document: JsonObject): string | undefined {
  const refs = new Set<string>();
  const collect = (value: Json): void => {
    if (Array.isArray(value)) return value.forEach(collect);
    if (!isObject(value)) return;
    if (typeof value.$ref === 'string' && value.$ref.startsWith('#')) refs.add(value.$ref);
    Object.values(value).forEach(collect);
  };
  collect(document);
  for (const start of refs) {
    const seen = new Set<string>();
    let ref: string | undefined = start;
    while (ref !== undefined) {
      if (seen.has(ref)) return start;
      seen.add(ref);
      let target: Json;
      try {
        target = resolvePointer(document, ref);
      } catch {
        break;
      }
      ref = isObject(target) && typeof target.$ref === 'string' ? target.$ref : undefined;
    }
  }
  return undefined;
}
