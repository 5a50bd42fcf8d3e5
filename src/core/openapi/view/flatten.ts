import { isObject, resolveRef, text, type Json, type JsonObject } from '../document';
import { basePartOf, discriminatorOf, shapeKeys } from './polymorphism';
import { componentName } from './schemaRefs';

/**
 * Merges `allOf` parts into one object schema (properties and required lists joined), resolving references. A part
 * that refers back to a schema being merged (an `allOf` cycle) adds nothing: the field shows as that schema by name.
 * A part that is a base the schema is one shape of (it holds a discriminator, `basePartOf`) gives its fields, not its
 * shapes: `Dog: allOf: [Pet, {...}]` is a dog, not again one of Pet's dog or cat.
 */
export function flattenSchema(document: JsonObject, raw: Json, merging: readonly string[] = []): JsonObject {
  const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
  if (ref !== undefined && merging.includes(ref)) return {};
  const schema = resolveRef<JsonObject>(document, raw);
  if (!isObject(schema) || !Array.isArray(schema.allOf)) return isObject(schema) ? schema : {};
  const { allOf, ...own } = schema;
  const merged: JsonObject = { ...own };
  const properties: JsonObject = {};
  const required = new Set<string>();
  const trail = ref === undefined ? merging : [...merging, ref];
  const self = componentName(document, schema);
  for (const part of [...allOf, own]) {
    const flat = flattenSchema(document, part, trail);
    const base = part !== own && basePartOf(flat, self);
    for (const [key, value] of Object.entries(flat)) {
      if (key === 'properties' && isObject(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) value.forEach((name) => required.add(text(name)));
      else if (base && shapeKeys.has(key)) continue;
      else if (!(key in merged)) merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (!merged.type && merged.properties) merged.type = 'object';
  return merged;
}

/**
 * An `allOf` part of schema `self` as the base `self` extends (`basePartOf`): its own fields, without its shapes or
 * discriminator, and the discriminator value that names `self`; undefined for a part that is not such a base.
 */
export function baseOf(
  document: JsonObject,
  part: Json,
  self: string | undefined,
): { fields: JsonObject; propertyName: string; value?: string } | undefined {
  let resolved: Json;
  try {
    resolved = resolveRef(document, part);
  } catch {
    return undefined;
  }
  const flat = flattenSchema(document, part);
  const told = discriminatorOf(flat);
  if (!isObject(resolved) || !told || !basePartOf(flat, self)) return undefined;
  const fields = Object.fromEntries(Object.entries(resolved).filter(([key]) => !shapeKeys.has(key)));
  const value = self === undefined ? undefined : (told.valuesByName.get(self)?.[0] ?? self);
  return { fields, propertyName: told.propertyName, ...(value !== undefined ? { value } : {}) };
}
