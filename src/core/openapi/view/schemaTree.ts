import { componentSchemas, isObject, resolveRef, text, type Json, type JsonObject } from '../document';
import type { Constraints, SchemaNode } from './types';
import { schemaSlug } from './slugs';
import { flattenSchema } from './flatten';
import { componentName, refName, schemaRef } from './schemaRefs';
import { extendsBase, partName, shapesOf, variantParts, type Shape } from './polymorphism';
import { typeLabel, typeNames } from './typeLabels';

function numberOf(value: Json | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
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
  options: {
    name?: string;
    required?: boolean;
    expand?: boolean;
    ancestors?: readonly string[];
    /** The component schema `raw` is a part of, when it is not that schema's own object (a shape's additions). */
    self?: string;
  } = {},
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
  const self = options.self ?? componentName(document, resolvedOrNothing(document, raw));
  const shapes = shapesOf(document, schema, self);
  if (shapes) {
    const listed = isObject(schema.properties) ? schema.properties : {};
    node.variants = {
      kind: shapes.kind,
      ...(shapes.discriminator ? { discriminator: shapes.discriminator } : {}),
      options: shapes.shapes.map((shape, index) =>
        shapeNode(document, shape, index, {
          base: self,
          // The discriminator the base lists is said by each shape's name, not listed again among its fields.
          told: shapes.discriminator !== undefined && shapes.discriminator in listed ? shapes.discriminator : undefined,
          ancestors: below,
        }),
      ),
    };
  }
  return node;
}

/**
 * One shape of a polymorphic schema, named by the discriminator value that picks it (`dog`), else by its schema's
 * name, title or place. A named shape is linked, not expanded; one that extends the base being shown
 * (`Dog: allOf: [Pet, {...}]` under Pet) lists only what it adds to the base's fields above it.
 */
function shapeNode(
  document: JsonObject,
  shape: Shape,
  index: number,
  context: { base?: string; told?: string; ancestors: readonly string[] },
): SchemaNode {
  const { part } = shape;
  const named = refName(part);
  const name =
    shape.values.length > 0
      ? shape.values.join(', ')
      : (partName(part) ?? (text(flattenSchema(document, part).title) || `Option ${index + 1}`));
  if (named === undefined || context.base === undefined || !extendsBase(document, named, context.base)) {
    return schemaNode(document, part, { name, expand: named === undefined, ancestors: context.ancestors });
  }
  const { allOf, ...own } = componentSchemas(document)[named] as JsonObject & { allOf: Json[] };
  const added = { ...own, allOf: allOf.filter((item) => refName(item) !== context.base) };
  const node = schemaNode(document, added, {
    name,
    expand: true,
    ancestors: [...context.ancestors, schemaRef(named)],
    self: named,
  });
  // Listed even when it adds nothing (`GenericProblem: allOf: [Problem]`): the shape has no fields to open.
  const children = (node.children ?? []).filter((child) => child.name !== context.told);
  return { ...node, type: named, schemaName: named, schemaSlug: schemaSlug(document, named), children };
}

/** A value resolved, or undefined when its reference leads nowhere or round in a loop. */
function resolvedOrNothing(document: JsonObject, raw: Json): Json | undefined {
  try {
    return resolveRef(document, raw);
  } catch {
    return undefined;
  }
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
