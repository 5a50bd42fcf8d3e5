import { componentSchemas, escapedSegment, isObject, schemaRefTarget, type Json, type JsonObject } from '../document';
import { schemaPrefix } from './slugs';

/** Component schemas by identity: the name of a schema given as its object (a schema page's root is). */
const namesByObject = new WeakMap<JsonObject, Map<Json, string>>();

/** The name of the component schema a resolved schema object is, if it is one. */
export function componentName(document: JsonObject, schema: Json | undefined): string | undefined {
  if (!isObject(schema)) return undefined;
  let names = namesByObject.get(document);
  if (!names) {
    names = new Map(Object.entries(componentSchemas(document)).map(([name, value]) => [value, name]));
    namesByObject.set(document, names);
  }
  return names.get(schema);
}

/** Annotations that may stand beside a lone `allOf` reference without changing the shape it names. */
const annotationKeys = new Set(['description', 'title', 'deprecated', 'nullable', 'readOnly', 'writeOnly', 'example']);

/**
 * The component schema a value names: a `$ref` (its pointer escapes and percent-encoding decoded to the name the
 * document's `components.schemas` uses), or OpenAPI 3.0's way of describing a reference, a lone `allOf` reference
 * with annotations beside it.
 */
export function refName(value: Json | undefined): string | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.$ref === 'string') {
    // A pointer into a schema (`…/Company/properties/id`) names a part of one, not a schema with a page.
    const target = schemaRefTarget(value.$ref);
    return target && !target.inside ? target.name : undefined;
  }
  if (
    Array.isArray(value.allOf) &&
    value.allOf.length === 1 &&
    Object.keys(value).every((key) => key === 'allOf' || annotationKeys.has(key))
  ) {
    return refName(value.allOf[0]);
  }
  return undefined;
}

/** The reference of a component schema by name, escaped as a JSON pointer. */
export function schemaRef(name: string): string {
  return `${schemaPrefix}${escapedSegment(name)}`;
}
