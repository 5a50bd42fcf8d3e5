import { isObject, text, type Json, type JsonObject } from '../document';
import { flattenSchema } from './flatten';
import { variantParts } from './polymorphism';
import { refName } from './schemaRefs';

export function typeNames(schema: JsonObject): string[] {
  if (Array.isArray(schema.type)) return schema.type.map((item) => text(item)).filter(Boolean);
  return typeof schema.type === 'string' ? [schema.type] : [];
}

/** `integer`, `array of Game`, `map of integer`, `string | null`. */
export function typeLabel(document: JsonObject, raw: Json, schema: JsonObject): string {
  const named = refName(raw);
  if (named) return named;
  const types = typeNames(schema).filter((type) => type !== 'null');
  const variants = variantParts(schema);
  if (types.length === 0 && !schema.properties && variants) return variantsLabel(document, variants.parts);
  // A reference to nothing (the document step marks it): said, rather than passed off as a value of any shape.
  const unresolved = schema['x-unresolved-ref'];
  if (types.length === 0 && !schema.properties && typeof unresolved === 'string')
    return `unresolved reference ${unresolved}`;
  const base = types.length > 0 ? types.join(' | ') : schema.properties ? 'object' : 'any';
  if (base === 'array' && schema.items !== undefined) {
    const items = flattenSchema(document, schema.items);
    return `array of ${typeLabel(document, schema.items, items)}`;
  }
  if (base === 'object' && !schema.properties && isObject(schema.additionalProperties)) {
    const values = flattenSchema(document, schema.additionalProperties);
    return `map of ${typeLabel(document, schema.additionalProperties, values)}`;
  }
  return base;
}

/** `Cat | Dog`, `string | integer`; past a few shapes, `one of 7 shapes`. */
function variantsLabel(document: JsonObject, parts: readonly Json[]): string {
  const shown = 4;
  const labels = parts.map((part) => typeLabel(document, part, flattenSchema(document, part)));
  return labels.length > shown ? `one of ${labels.length} shapes` : [...new Set(labels)].join(' | ');
}
