/**
 * A document scaled k times, as the provider's API might grow: every path, operation, tag and schema copied k - 1
 * times under new names (copy i: paths under `/k<i>`, operationIds and schema names with `K<i>`, tags with ` <i>`),
 * every `$ref` of a copy pointing at the copy's schemas. The copies stay lint-clean: names and ids unique.
 */
import type { Json, JsonObject } from '../../../src/core/openapi/document';
import { httpMethods, isObject, text } from '../../../src/core/openapi/document';

const refPrefix = '#/components/schemas/';

/** A deep copy of `value` with each schema `$ref` renamed by `rename`. */
function renamedRefs(value: Json, rename: (name: string) => string): Json {
  if (Array.isArray(value)) return value.map((item) => renamedRefs(item, rename));
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] =
      key === '$ref' && typeof item === 'string' && item.startsWith(refPrefix)
        ? `${refPrefix}${rename(item.slice(refPrefix.length))}`
        : renamedRefs(item, rename);
  }
  return copy;
}

export function scaleDocument(document: JsonObject, k: number): JsonObject {
  if (!Number.isInteger(k) || k < 1) throw new Error(`scale must be a whole number of at least 1, not ${k}`);
  const scaled = structuredClone(document);
  const paths = (scaled.paths ?? {}) as JsonObject;
  const components = (scaled.components ?? {}) as JsonObject;
  const schemas = (components.schemas ?? {}) as JsonObject;
  const tags = Array.isArray(scaled.tags) ? (scaled.tags as JsonObject[]) : [];
  const originalPaths = Object.entries(paths);
  const originalSchemas = Object.entries(schemas);
  const originalTags = [...tags];
  for (let copy = 2; copy <= k; copy += 1) {
    const schemaName = (name: string) => `${name}K${copy}`;
    const tagName = (name: string) => `${name} ${copy}`;
    for (const [name, schema] of originalSchemas) schemas[schemaName(name)] = renamedRefs(schema, schemaName);
    for (const tag of originalTags) tags.push({ ...tag, name: tagName(text(tag.name)) });
    for (const [path, item] of originalPaths) {
      const copied = renamedRefs(item, schemaName) as JsonObject;
      for (const method of httpMethods) {
        const operation = copied[method];
        if (!isObject(operation)) continue;
        if (typeof operation.operationId === 'string') operation.operationId = `${operation.operationId}K${copy}`;
        if (Array.isArray(operation.tags)) operation.tags = operation.tags.map((tag) => tagName(text(tag)));
      }
      paths[`/k${copy}${path}`] = copied;
    }
  }
  return scaled;
}
