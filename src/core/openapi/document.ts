/**
 * Pure helpers over an OpenAPI document held as plain data: resolving local references and walking operations.
 * Every consumer of the documents (tests, pages, exports) reads facts through these instead of copying them.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A Path Item's fixed methods: OpenAPI 3.0/3.1's eight and 3.2's `query` (a safe method that takes a body). */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;
/**
 * A call's method, in lower case: one of `httpMethods`, or one an OpenAPI 3.2 Path Item names in its
 * `additionalOperations` (`COPY`, `PURGE`), which `additionalMethod` admits only as a plain HTTP token.
 */
export type HttpMethod = string;

/**
 * The lower-case method of an `additionalOperations` key, or undefined: a key becomes a method only when it is a plain
 * HTTP token of letters, digits and hyphens (it ends up in code and in a request line) and is not one of the fixed
 * methods, which 3.2 says it must not repeat.
 */
export function additionalMethod(key: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9-]{0,19}$/.test(key)) return undefined;
  const method = key.toLowerCase();
  return (httpMethods as readonly string[]).includes(method) ? undefined : method;
}

export interface OperationRef {
  path: string;
  method: HttpMethod;
  operation: JsonObject;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `%20` → ` `; a `%` that starts no escape is kept as the character it is. */
export function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A document's named schemas (`components.schemas`), none when it has no such section. */
export function componentSchemas(document: JsonObject): JsonObject {
  return isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
}

const schemaPrefix = '#/components/schemas/';

/**
 * One segment of a reference, as the key it names. A reference is a URI fragment: percent-decoded first, then
 * unescaped as a JSON pointer (RFC 6901 §6). Most segments hold neither `%` nor `~` and are returned as they are:
 * the model of a page of 1,000 calls resolves some hundred thousand of them.
 */
export function pointerSegment(raw: string): string {
  const decoded = raw.includes('%') ? percentDecoded(raw) : raw;
  return decoded.includes('~') ? decoded.replaceAll('~1', '/').replaceAll('~0', '~') : decoded;
}

/**
 * The component schema a reference starts in, its name decoded (`pointerSegment`), and whether it points inside
 * that schema (`.../Company/properties/id`) rather than at it; undefined for any other reference.
 */
export function schemaRefTarget(ref: string): { name: string; inside: boolean } | undefined {
  if (!ref.startsWith(schemaPrefix)) return undefined;
  const [segment, ...rest] = ref.slice(schemaPrefix.length).split('/');
  return { name: pointerSegment(segment), inside: rest.length > 0 };
}

/** A key as one segment of a JSON pointer (RFC 6901): `~` as `~0`, `/` as `~1`; `pointerSegment` reads it back. */
export function escapedSegment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The JSON pointer of a path of keys and indexes: `["paths", "/a"]` is `/paths/~1a`. */
export function jsonPointer(trail: readonly string[]): string {
  return `/${trail.map(escapedSegment).join('/')}`;
}

/** Reads a local JSON pointer such as `#/components/schemas/Game`. */
export function resolvePointer(document: JsonObject, ref: string): Json {
  if (!ref.startsWith('#/')) {
    throw new Error(`only local references are supported, got ${ref}`);
  }
  let current: Json = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = pointerSegment(raw);
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < current.length) {
      // A pointer into a list (`…/allOf/0`) names an item by its index.
      current = current[Number(key)];
      continue;
    }
    // Own keys only: `#/constructor` or `#/components/__proto__` name nothing of a document.
    if (!isObject(current) || !Object.hasOwn(current, key)) {
      throw new Error(`unresolvable reference ${ref}`);
    }
    current = current[key];
  }
  return current;
}

/** The object a value is or refers to; undefined for anything else, a broken reference or a circular one. */
export function resolvedObject(document: JsonObject, value: Json): JsonObject | undefined {
  try {
    const resolved = resolveRef(document, value);
    return isObject(resolved) ? resolved : undefined;
  } catch {
    return undefined;
  }
}

/** Follows `$ref` chains until a value without `$ref` is reached. */
export function resolveRef<T extends Json = Json>(document: JsonObject, value: Json): T {
  let current = value;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`circular reference ${current.$ref}`);
    seen.add(current.$ref);
    current = resolvePointer(document, current.$ref);
  }
  return current as T;
}

/**
 * Replaces every local `$ref` with the value it points to, recursively. Throws on a reference cycle, which these
 * documents do not have and whose inlining would never end.
 */
export function dereference(document: JsonObject, value: Json = document, trail: string[] = []): Json {
  if (Array.isArray(value)) return value.map((item) => dereference(document, item, trail));
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') {
    if (trail.includes(value.$ref)) throw new Error(`reference cycle: ${[...trail, value.$ref].join(' -> ')}`);
    const { $ref, ...siblings } = value;
    const target = dereference(document, resolvePointer(document, $ref), [...trail, $ref]);
    // OpenAPI 3.1 allows siblings of $ref (for example a description); they win over the target's.
    return isObject(target) ? { ...target, ...(dereference(document, siblings, trail) as JsonObject) } : target;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dereference(document, item, trail)]));
}

/** Every operation of the document, in document order. */
/** Why a key of `paths` is no path a request can be joined from, or undefined when it is one. */
export function pathProblem(path: string): string | undefined {
  return path.startsWith('/') ? undefined : `the path ${JSON.stringify(path)} does not begin with /`;
}

export function listOperations(document: JsonObject): OperationRef[] {
  const paths = isObject(document.paths) ? document.paths : {};
  const operations: OperationRef[] = [];
  for (const [path, item] of Object.entries(paths)) {
    // A key of `x-` is a vendor extension of the Paths object, not a path (Apicurio's `x-codegen-contextRoot`).
    // OpenAPI's paths begin with `/`, and the request joins the path to the server's URL as text: `.evil.example/x`
    // or `1/x` would move the call to another host or port. The document step refuses such a document by name
    // (pathProblem); a document read at run time (`/api/data`, the MCP server's `--url`) skips the path.
    if (path.startsWith('x-') || !isObject(item) || pathProblem(path) !== undefined) continue;
    for (const method of httpMethods) {
      const operation = item[method];
      if (isObject(operation)) operations.push({ path, method, operation });
    }
    if (isObject(item.additionalOperations)) {
      for (const [key, operation] of Object.entries(item.additionalOperations)) {
        const method = additionalMethod(key);
        if (method && isObject(operation)) operations.push({ path, method, operation });
      }
    }
  }
  return operations;
}

/** The operation's parameters with references resolved, path-level parameters included. */
export function operationParameters(document: JsonObject, ref: OperationRef): JsonObject[] {
  const pathItem = resolveRef<JsonObject>(document, (document.paths as JsonObject)[ref.path] ?? {});
  const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  const own = Array.isArray(ref.operation.parameters) ? ref.operation.parameters : [];
  const byKey = new Map<string, JsonObject>();
  for (const raw of [...shared, ...own]) {
    const parameter = resolveRef<JsonObject>(document, raw);
    byKey.set(`${text(parameter.in)}:${text(parameter.name)}`, parameter);
  }
  return [...byKey.values()];
}

/** A value that should be text (a name, a description), or '' when it is not: documents are untrusted data. */
export function text(value: Json | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** One parameter by location and name, resolved; undefined when the operation does not take it. */
export function findParameter(
  document: JsonObject,
  ref: OperationRef,
  name: string,
  location = 'query',
): JsonObject | undefined {
  return operationParameters(document, ref).find((parameter) => parameter.name === name && parameter.in === location);
}

/** The operation at a path and method; throws with the path when there is none. */
export function getOperation(document: JsonObject, path: string, method: HttpMethod = 'get'): OperationRef {
  const found = listOperations(document).find((ref) => ref.path === path && ref.method === method);
  if (!found) throw new Error(`no ${method.toUpperCase()} ${path} in the document`);
  return found;
}
