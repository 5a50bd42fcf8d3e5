import {
  isObject,
  pointerSegment,
  resolvedObject,
  type Json,
  type JsonObject,
  type OperationRef,
} from '../../core/openapi/document';
import { flattenSchema } from '../../core/openapi/view';

/**
 * The schema walk of the recipe check (check.ts): a JSON pointer a recipe reads, followed through the schemas of
 * the operation it calls, its responses and its request body.
 */

/** The operation a step calls, found in the resolved document of the API its source names. */
export interface ResolvedCall {
  apiId: string;
  document: JsonObject;
  ref: OperationRef;
  operationId: string;
}

/** The segments of a JSON pointer after its `#`: `#/items/0/id` is `items`, `0`, `id`. */
export function pointerSegments(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  return body === '' || body === '/' ? [] : body.slice(1).split('/').map(pointerSegment);
}

/** A schema's child at one key: its fields, the items of a list, the values of a map; 'open' when it says nothing. */
function childrenAt(document: JsonObject, raw: Json, key: string, depth = 0): Json[] | 'open' {
  if (depth > 16) return 'open';
  let schema: JsonObject;
  try {
    schema = flattenSchema(document, raw);
  } catch {
    // A broken or looping reference: the document step already warns of it, and nothing can be said here.
    return 'open';
  }
  const found: Json[] = [];
  const variants = [schema.oneOf, schema.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));
  for (const variant of variants) {
    const children = childrenAt(document, variant, key, depth + 1);
    if (children === 'open') return 'open';
    found.push(...children);
  }
  const index = /^(0|[1-9]\d*)$/.test(key) ? Number(key) : undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (
    index !== undefined &&
    (schema.items !== undefined || schema.prefixItems !== undefined || types.includes('array'))
  ) {
    const prefixed = Array.isArray(schema.prefixItems) ? schema.prefixItems[index] : undefined;
    const item = prefixed ?? schema.items;
    if (item === undefined || item === true) return 'open';
    if (item !== false) found.push(item);
  }
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (properties && key in properties) found.push(properties[key]);
  else if (isObject(schema.additionalProperties)) found.push(schema.additionalProperties);
  else if (schema.additionalProperties === true) return 'open';
  const said =
    properties !== undefined ||
    variants.length > 0 ||
    schema.items !== undefined ||
    schema.prefixItems !== undefined ||
    schema.additionalProperties !== undefined ||
    schema.type !== undefined;
  return found.length === 0 && !said ? 'open' : found;
}

/**
 * Where a pointer leaves a schema: undefined when every segment is a field (or item) the schema has, or one that an
 * open schema (no type, no fields) may have; otherwise the missing key and the pointer of its parent.
 */
export function missingInSchema(
  document: JsonObject,
  schema: Json,
  segments: readonly string[],
): { key: string; parent: string } | undefined {
  let current: Json[] = [schema];
  for (const [position, key] of segments.entries()) {
    const next: Json[] = [];
    for (const candidate of current) {
      const children = childrenAt(document, candidate, key);
      if (children === 'open') return undefined;
      next.push(...children);
    }
    if (next.length === 0) return { key, parent: `/${segments.slice(0, position).join('/')}` };
    current = next.slice(0, 32);
  }
  return undefined;
}

/** The JSON schema of a response's body: its JSON media type's, or the first media type's. */
export function responseBodySchema(document: JsonObject, response: JsonObject): Json | undefined {
  const content = isObject(response.content) ? response.content : undefined;
  if (!content) return undefined;
  const types = Object.keys(content);
  const chosen = types.find((type) => /[/+]json\b/.test(type)) ?? types[0];
  const media = chosen === undefined ? undefined : resolvedObject(document, content[chosen]);
  return media?.schema;
}

export function responsesOf(document: JsonObject, call: ResolvedCall): Map<string, JsonObject> {
  const responses = resolvedObject(document, call.ref.operation.responses ?? null) ?? {};
  const result = new Map<string, JsonObject>();
  for (const [status, raw] of Object.entries(responses)) {
    const response = resolvedObject(document, raw);
    if (response) result.set(status, response);
  }
  return result;
}
