import { componentSchemas, isObject, schemaRefTarget, text, type Json, type JsonObject } from '../document';
import type { VariantsView } from './types';
import { refName, schemaRef } from './schemaRefs';

/** The keywords that make a schema polymorphic: a base's, not passed on to the shapes that extend it. */
export const shapeKeys = new Set(['oneOf', 'anyOf', 'discriminator']);

/**
 * Whether an `allOf` part (flattened) is a base its schema is one shape of: it holds a discriminator, and lists no
 * shapes of its own (its shapes are the schemas that extend it, OpenAPI's inheritance) or lists this schema among
 * them. An `allOf` of a polymorphic schema that does not name the schema (`allOf: [Pet]` with a description, or an
 * inline extension) stays polymorphic.
 */
export function basePartOf(part: JsonObject, self: string | undefined): boolean {
  const told = discriminatorOf(part);
  if (!told) return false;
  const listed = variantParts(part);
  if (!listed) return true;
  if (self === undefined) return false;
  return listed.parts.some((shape) => partName(shape) === self) || told.valuesByName.has(self);
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
export function partName(part: Json): string | undefined {
  const named = refName(part);
  if (named !== undefined || !isObject(part) || typeof part['x-unresolved-ref'] !== 'string') return named;
  return refName({ $ref: part['x-unresolved-ref'] });
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

/** The `oneOf` or `anyOf` parts of a schema, if it has some (`oneOf` first when, oddly, both are given). */
export function variantParts(schema: JsonObject): { kind: VariantsView['kind']; parts: Json[] } | undefined {
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const parts = schema[kind];
    if (Array.isArray(parts) && parts.length > 0) return { kind, parts };
  }
  return undefined;
}
