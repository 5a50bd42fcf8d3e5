import {
  componentSchemas,
  escapedSegment,
  isObject,
  resolveRef,
  schemaRefTarget,
  text,
  type Json,
  type JsonObject,
} from '../document';
import type { Constraints, SchemaNode, VariantsView } from './types';
import { schemaPrefix, schemaSlug } from './slugs';

function numberOf(value: Json | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

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

/** The keywords that make a schema polymorphic: a base's, not passed on to the shapes that extend it. */
const shapeKeys = new Set(['oneOf', 'anyOf', 'discriminator']);

/**
 * Whether an `allOf` part (flattened) is a base its schema is one shape of: it holds a discriminator, and lists no
 * shapes of its own (its shapes are the schemas that extend it, OpenAPI's inheritance) or lists this schema among
 * them. An `allOf` of a polymorphic schema that does not name the schema (`allOf: [Pet]` with a description, or an
 * inline extension) stays polymorphic.
 */
function basePartOf(part: JsonObject, self: string | undefined): boolean {
  const told = discriminatorOf(part);
  if (!told) return false;
  const listed = variantParts(part);
  if (!listed) return true;
  if (self === undefined) return false;
  return listed.parts.some((shape) => partName(shape) === self) || told.valuesByName.has(self);
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

interface Discriminator {
  propertyName: string;
  /** Its `mapping` entries, in order. */
  mapping: [string, string][];
  /** The mapping's values by the component schema each names (`mappedName`), in order. */
  valuesByName: Map<string, string[]>;
}

/**
 * Each discriminator read once, by its object: a flattened schema is a new object each time, but its `discriminator`
 * is the document's own. Microsoft Graph's base `entity` maps some 2,000 values and nearly every schema extends it:
 * reading its mapping again for each part took 113 s of a build's document step.
 */
const discriminators = new WeakMap<JsonObject, Discriminator | null>();

/** A schema's `discriminator`: the property that tells its shapes apart, and its `mapping` entries in order. */
export function discriminatorOf(schema: JsonObject): Discriminator | undefined {
  const { discriminator } = schema;
  if (!isObject(discriminator)) return undefined;
  const known = discriminators.get(discriminator);
  if (known !== undefined) return known ?? undefined;
  if (!text(discriminator.propertyName)) {
    discriminators.set(discriminator, null);
    return undefined;
  }
  const mapping = isObject(discriminator.mapping)
    ? Object.entries(discriminator.mapping).flatMap(([value, target]): [string, string][] =>
        typeof target === 'string' ? [[value, target]] : [],
      )
    : [];
  const valuesByName = new Map<string, string[]>();
  for (const [value, target] of mapping) {
    const name = mappedName(target);
    if (name === undefined) continue;
    const values = valuesByName.get(name);
    if (values) values.push(value);
    else valuesByName.set(name, [value]);
  }
  const read = { propertyName: text(discriminator.propertyName), mapping, valuesByName };
  discriminators.set(discriminator, read);
  return read;
}

/**
 * The component schema a mapping value names: a reference to one (`#/components/schemas/Dog`), or its bare name
 * (`Dog`), which OpenAPI allows; undefined for a reference to anything else.
 */
function mappedName(target: string): string | undefined {
  if (!target.startsWith('#')) return target;
  const found = schemaRefTarget(target);
  return found && !found.inside ? found.name : undefined;
}

/**
 * A mapping value as a schema part: a reference to the schema it names, or, when the document lacks that schema (a
 * bare name the document step keeps, as it cannot tell one from a file), a reference to nothing, shown as such.
 */
function mappedPart(document: JsonObject, target: string): JsonObject {
  const name = mappedName(target);
  if (name !== undefined && Object.hasOwn(componentSchemas(document), name)) return { $ref: schemaRef(name) };
  return { 'x-unresolved-ref': target.startsWith('#') || name === undefined ? target : schemaRef(name) };
}

/** The name a shape goes by in a discriminator: its component schema's, also when the reference leads nowhere. */
function partName(part: Json): string | undefined {
  const named = refName(part);
  if (named !== undefined || !isObject(part) || typeof part['x-unresolved-ref'] !== 'string') return named;
  return refName({ $ref: part['x-unresolved-ref'] });
}

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

/** For each component schema, the schemas that name it in their `allOf`: its extensions, in the document's order. */
const extensionsByDocument = new WeakMap<JsonObject, Map<string, string[]>>();

function extensionsOf(document: JsonObject, base: string): string[] {
  let extensions = extensionsByDocument.get(document);
  if (!extensions) {
    extensions = new Map();
    for (const [name, schema] of Object.entries(componentSchemas(document))) {
      if (!isObject(schema) || !Array.isArray(schema.allOf)) continue;
      for (const parent of new Set(schema.allOf.map((part) => refName(part)))) {
        if (parent === undefined || parent === name) continue;
        const list = extensions.get(parent);
        if (list) list.push(name);
        else extensions.set(parent, [name]);
      }
    }
    extensionsByDocument.set(document, extensions);
  }
  return extensions.get(base) ?? [];
}

/** A shape of a polymorphic schema, and the discriminator values that pick it (none for an inline shape). */
export interface Shape {
  part: Json;
  values: string[];
}

/**
 * The shapes a schema takes and what tells them apart: its `oneOf` or `anyOf` parts, each with the mapping values
 * that name it (a named part no value names goes by its schema name, as OpenAPI says); or, for a base that holds a
 * discriminator and no `oneOf` (`self` its name), the schemas its mapping names, then those that extend it through
 * `allOf` and no value names, each by its schema name. Several values for one schema make one shape (DigitalOcean
 * maps seven droplet actions to one schema). Undefined for a schema of one shape.
 */
export function shapesOf(
  document: JsonObject,
  schema: JsonObject,
  self?: string,
): { kind: VariantsView['kind']; discriminator?: string; shapes: Shape[] } | undefined {
  const told = discriminatorOf(schema);
  const explicit = variantParts(schema);
  if (explicit) {
    const shapes = explicit.parts.map((part): Shape => {
      const name = partName(part);
      if (!told || name === undefined) return { part, values: [] };
      const values = told.valuesByName.get(name) ?? [];
      return { part, values: values.length > 0 ? values : [name] };
    });
    return { kind: explicit.kind, ...(told ? { discriminator: told.propertyName } : {}), shapes };
  }
  if (!told) return undefined;
  const byTarget = new Map<string, Shape>();
  for (const [value, target] of told.mapping) {
    const key = mappedName(target) ?? target;
    const shape = byTarget.get(key);
    if (shape) shape.values.push(value);
    else byTarget.set(key, { part: mappedPart(document, target), values: [value] });
  }
  if (self !== undefined) {
    for (const name of extensionsOf(document, self)) {
      if (!byTarget.has(name)) byTarget.set(name, { part: { $ref: schemaRef(name) }, values: [name] });
    }
  }
  const shapes = [...byTarget.values()];
  // A base whose values all name itself is one shape (Apple's media intents document maps each method so); beside others,
  // a value naming the base says the base alone is a shape too.
  if (shapes.every((shape) => self !== undefined && partName(shape.part) === self)) return undefined;
  return { kind: 'oneOf', discriminator: told.propertyName, shapes };
}

/** Whether a component schema names another in its `allOf`: it extends that base, and has every field of it. */
export function extendsBase(document: JsonObject, name: string, base: string): boolean {
  const schema = componentSchemas(document)[name];
  return isObject(schema) && Array.isArray(schema.allOf) && schema.allOf.some((part) => refName(part) === base);
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
