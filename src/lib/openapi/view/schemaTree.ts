import { isObject, escapedSegment, resolveRef, schemaRefTarget, text, type Json, type JsonObject } from '../document';
import type { Constraints, SchemaNode, VariantsView } from './types';
import { schemaPrefix, schemaSlug } from './slugs';

function numberOf(value: Json | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Merges `allOf` parts into one object schema (properties and required lists joined), resolving references. A part
 * that refers back to a schema being merged (an `allOf` cycle) adds nothing: the field shows as that schema by name.
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
  for (const part of [...allOf, own]) {
    const flat = flattenSchema(document, part, trail);
    for (const [key, value] of Object.entries(flat)) {
      if (key === 'properties' && isObject(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) value.forEach((name) => required.add(text(name)));
      else if (!(key in merged)) merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (!merged.type && merged.properties) merged.type = 'object';
  return merged;
}

export function typeNames(schema: JsonObject): string[] {
  if (Array.isArray(schema.type)) return schema.type.map((item) => text(item)).filter(Boolean);
  return typeof schema.type === 'string' ? [schema.type] : [];
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

export function constraintsOf(document: JsonObject, schema: JsonObject): Constraints {
  const constraints: Constraints = {
    minimum: numberOf(schema.minimum),
    maximum: numberOf(schema.maximum),
    exclusiveMinimum: numberOf(schema.exclusiveMinimum),
    exclusiveMaximum: numberOf(schema.exclusiveMaximum),
    minLength: numberOf(schema.minLength),
    maxLength: numberOf(schema.maxLength),
    minItems: numberOf(schema.minItems),
    maxItems: numberOf(schema.maxItems),
    pattern: typeof schema.pattern === 'string' ? schema.pattern : undefined,
    uniqueItems: schema.uniqueItems === true ? true : undefined,
    format: typeof schema.format === 'string' ? schema.format : undefined,
    enum: Array.isArray(schema.enum) ? schema.enum : undefined,
    default: 'default' in schema ? schema.default : undefined,
  };
  if (isObject(schema.items)) {
    const items = resolveRef<JsonObject>(document, schema.items);
    if (Array.isArray(items.enum)) constraints.itemsEnum = items.enum;
  }
  return Object.fromEntries(Object.entries(constraints).filter(([, value]) => value !== undefined));
}

/** `integer`, `array of Game`, `map of integer`, `string | null`. */
export function typeLabel(document: JsonObject, raw: Json, schema: JsonObject): string {
  const named = refName(raw);
  if (named) return named;
  const types = typeNames(schema).filter((type) => type !== 'null');
  const variants = variantParts(schema);
  if (types.length === 0 && !schema.properties && variants) return variantsLabel(document, variants.parts);
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

/** The `oneOf` or `anyOf` parts of a schema, if it has some (`oneOf` first when, oddly, both are given). */
function variantParts(schema: JsonObject): { kind: VariantsView['kind']; parts: Json[] } | undefined {
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const parts = schema[kind];
    if (Array.isArray(parts) && parts.length > 0) return { kind, parts };
  }
  return undefined;
}

/** `Cat | Dog`, `string | integer`; past a few shapes, `one of 7 shapes`. */
function variantsLabel(document: JsonObject, parts: readonly Json[]): string {
  const shown = 4;
  const labels = parts.map((part) => typeLabel(document, part, flattenSchema(document, part)));
  return labels.length > shown ? `one of ${labels.length} shapes` : [...new Set(labels)].join(' | ');
}

/**
 * How deep an inline tree goes before it stops expanding: real documents nest inline objects a handful of levels;
 * a document that nests deeper (or generates its nesting) still gets a page of bounded size.
 */
const maxDepth = 12;

/**
 * One schema as a tree of fields. Named schemas below the root are not expanded (their pages are linked), so a page
 * stays small; a schema already being expanded above a field is not expanded again, so reference cycles end, even
 * when a reference hides inside an `allOf`.
 */
export function schemaNode(
  document: JsonObject,
  raw: Json,
  options: { name?: string; required?: boolean; expand?: boolean; ancestors?: readonly string[] } = {},
): SchemaNode {
  const ancestors = options.ancestors ?? [];
  const schema = flattenSchema(document, raw);
  const named = refName(raw);
  const itemsNamed = schema.type === 'array' ? refName(schema.items) : undefined;
  const mapNamed = isObject(schema.additionalProperties) ? refName(schema.additionalProperties) : undefined;
  // A `$ref` with sibling keywords (OpenAPI 3.1) keeps its own description.
  const ownDescription = isObject(raw) ? text(raw.description) : '';
  const node: SchemaNode = {
    ...constraintsOf(document, schema),
    ...(options.name !== undefined ? { name: options.name } : {}),
    type: typeLabel(document, raw, schema),
    required: options.required ?? false,
    deprecated: schema.deprecated === true || (isObject(raw) && raw.deprecated === true),
    nullable: typeNames(schema).includes('null') || schema.nullable === true,
    description: ownDescription || text(schema.description),
  };
  const schemaName = named ?? itemsNamed ?? mapNamed;
  if (schemaName) {
    node.schemaName = schemaName;
    node.schemaSlug = schemaSlug(document, schemaName);
  }
  if ('example' in schema) node.example = schema.example;
  const expand = options.expand ?? !named;
  const merged = mergedRefs(document, raw);
  const cycle = merged.find((ref) => ancestors.includes(ref));
  if (cycle !== undefined && !node.schemaName) {
    // Merged from a schema already open above: shown as that schema, linked, rather than opened again.
    const name = refName({ $ref: cycle });
    if (name) Object.assign(node, { type: name, schemaName: name, schemaSlug: schemaSlug(document, name) });
  }
  if (!expand || ancestors.length >= maxDepth || cycle !== undefined) return node;
  const below = [...ancestors, ...merged];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map((item) => text(item)) : []);
  if (isObject(schema.properties)) {
    node.children = Object.entries(schema.properties).map(([name, child]) =>
      schemaNode(document, child, { name, required: required.has(name), expand: !refName(child), ancestors: below }),
    );
  } else if (schema.type === 'array' && schema.items !== undefined && !itemsNamed) {
    const items = flattenSchema(document, schema.items);
    if (items.properties || variantParts(items)) {
      const inner = schemaNode(document, schema.items, { expand: true, ancestors: below });
      node.children = inner.children;
      if (inner.variants) node.variants = inner.variants;
    }
  } else if (isObject(schema.additionalProperties) && !mapNamed) {
    const values = flattenSchema(document, schema.additionalProperties);
    if (values.properties) {
      node.children = [
        schemaNode(document, schema.additionalProperties, { name: '{key}', expand: true, ancestors: below }),
      ];
    }
  }
  const variants = variantParts(schema);
  if (variants) {
    const discriminator = isObject(schema.discriminator) ? text(schema.discriminator.propertyName) : '';
    node.variants = {
      kind: variants.kind,
      ...(discriminator ? { discriminator } : {}),
      options: variants.parts.map((part, index) =>
        schemaNode(document, part, {
          name: refName(part) ?? (text(flattenSchema(document, part).title) || `Option ${index + 1}`),
          expand: !refName(part),
          ancestors: below,
        }),
      ),
    };
  }
  return node;
}

/** The references a value's shape is merged from: its own `$ref` and those of its `allOf` parts, at any depth. */
function mergedRefs(document: JsonObject, raw: Json, seen: string[] = []): string[] {
  if (!isObject(raw)) return seen;
  if (typeof raw.$ref === 'string') {
    if (seen.includes(raw.$ref)) return seen;
    seen.push(raw.$ref);
    try {
      return mergedRefs(document, resolveRef(document, raw), seen);
    } catch {
      return seen;
    }
  }
  if (Array.isArray(raw.allOf)) for (const part of raw.allOf) mergedRefs(document, part, seen);
  return seen;
}
