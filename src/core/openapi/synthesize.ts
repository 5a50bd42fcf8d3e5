import { isObject, resolveRef, text, type Json, type JsonObject } from './document';
import { baseOf, flattenSchema } from './view/flatten';
import { shapesOf } from './view/polymorphism';
import { componentName } from './view/schemaRefs';

/**
 * Which side of a call a value is for. A request carries the required properties (all of them when none is
 * required) and leaves read-only ones out, as a client would send it; a response shows every property but write-only
 * ones, as a server would return it, within a budget of values (a large API's objects nest dozens of objects).
 */
export type Direction = 'request' | 'response';

/**
 * A value a schema accepts, for a body the document gives no example of: the code samples and the explorer need a
 * request body to send (a `POST` sample without one fails), and a reader wants to see what a response looks like.
 * Built from what the schema says, in this order: its `example`, `default`, `const` or first `enum` value; else its
 * type, shaped by its format and lower limits. Objects carry the properties of `direction`; `oneOf`/`anyOf` take
 * their first shape, as does a base whose discriminator names its shapes (`shapesOf`), the discriminator set to the
 * value that picks that shape; `allOf` parts merge. A reference cycle or a deep tree stops with an empty value.
 */
export function exampleOf(document: JsonObject, raw: Json, direction: Direction = 'request'): Json {
  return build({ document, direction, budget: { values: maxValues } }, raw, []);
}

interface Walk {
  document: JsonObject;
  direction: Direction;
  /** Values still to build: once spent, a response's nested objects and lists are left empty. */
  budget: { values: number };
}

function build(walk: Walk, raw: Json, trail: readonly string[]): Json {
  const { document } = walk;
  walk.budget.values -= 1;
  const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
  if (ref !== undefined && trail.includes(ref)) return null;
  const below = ref === undefined ? trail : [...trail, ref];
  if (below.length > maxDepth) return null;
  let schema: JsonObject;
  try {
    schema = resolveRef<JsonObject>(document, raw);
  } catch {
    return null;
  }
  if (!isObject(schema)) return null;
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const self = componentName(document, schema);
  if (Array.isArray(schema.allOf)) {
    // A base this schema extends gives its fields, not one of its shapes (which may be this very schema), and the
    // discriminator value that names this schema.
    const bases = schema.allOf.map((part) => baseOf(document, part, self));
    const parts = schema.allOf.map((part, index) => build(walk, bases[index]?.fields ?? part, below));
    const merged = Object.assign({}, ...parts.filter(isObject)) as JsonObject;
    const own = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'allOf'));
    const rest = build(walk, own, below);
    const value = isObject(rest) ? { ...merged, ...rest } : Object.keys(merged).length > 0 ? merged : rest;
    if (!isObject(value)) return value;
    const told = Object.fromEntries(
      bases.flatMap((base) => (base?.value !== undefined ? [[base.propertyName, base.value]] : [])),
    );
    return { ...withMergedProperties(walk, schema, value, below), ...told };
  }
  const shapes = shapesOf(document, schema, self);
  if (shapes) {
    // The first shape that makes a value: a file-or-text part (`oneOf: [InputFile, string]`, InputFile an object
    // with no properties) went out as an empty object, and a required form part was sent empty.
    let first: Json | undefined;
    for (const shape of shapes.shapes) {
      const value = build(walk, shape.part, below);
      if (isEmptyValue(value)) {
        first ??= value;
        continue;
      }
      if (!isObject(value)) return value;
      // The schema's own fields beside its shapes (`Pet: {properties, oneOf}`), and the value that picks the shape.
      const own = isObject(schema.properties) ? objectExample(walk, schema, below) : {};
      const told = shapes.discriminator && shape.values.length > 0 ? { [shapes.discriminator]: shape.values[0] } : {};
      return { ...own, ...value, ...told };
    }
    // None did: a base named by its discriminator alone, or an object whose shapes only add constraints
    // (`oneOf: [{required: [a]}, {required: [b]}]`), is built from its own fields.
    if (!discriminatorOnly(schema) && !isObject(schema.properties)) return first ?? null;
  }
  const types = Array.isArray(schema.type) ? schema.type.map((type) => text(type)) : [text(schema.type)];
  const type = types.find((candidate) => candidate && candidate !== 'null') ?? (schema.properties ? 'object' : '');
  switch (type) {
    case 'object':
      return objectExample(walk, schema, below);
    case 'array': {
      // A list of the schema being built (a tree's children) is shown empty: a valid value that ends.
      if (isObject(schema.items) && typeof schema.items.$ref === 'string' && below.includes(schema.items.$ref))
        return [];
      if (spent(walk)) return [];
      const item = build(walk, schema.items ?? {}, below);
      const count = typeof schema.minItems === 'number' && schema.minItems > 1 ? Math.min(schema.minItems, 3) : 1;
      return Array.from({ length: count }, () => item);
    }
    case 'integer':
    case 'number':
      return numberExample(schema, type);
    case 'boolean':
      return true;
    case 'string':
      return stringExample(schema);
    default:
      return schema.properties ? objectExample(walk, schema, below) : null;
  }
}

/** A base that names its shapes by its discriminator alone, with no `oneOf` or `anyOf`. */
function discriminatorOnly(schema: JsonObject): boolean {
  return !Array.isArray(schema.oneOf) && !Array.isArray(schema.anyOf);
}

/** A value that says nothing of its shape: null, or an object without a property. */
function isEmptyValue(value: Json): boolean {
  return value === null || (isObject(value) && Object.keys(value).length === 0);
}

const maxDepth = 8;
/** About a screenful of JSON twice over: enough to show a response's shape, not a large API's whole object graph. */
const maxValues = 200;

function spent(walk: Walk): boolean {
  return walk.direction === 'response' && walk.budget.values <= 0;
}

function objectExample(walk: Walk, schema: JsonObject, trail: readonly string[]): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (walk.direction === 'response') {
    if (spent(walk)) return {};
    const readable = Object.entries(properties).filter(([, value]) => !(isObject(value) && value.writeOnly === true));
    return Object.fromEntries(readable.map(([name, value]) => [name, build(walk, value, trail)]));
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required.map((name) => text(name)) : []);
  const writable = Object.entries(properties).filter(([, value]) => !(isObject(value) && value.readOnly === true));
  const chosen = required.size > 0 ? writable.filter(([name]) => required.has(name)) : writable;
  return Object.fromEntries(chosen.map(([name, value]) => [name, build(walk, value, trail)]));
}

/**
 * An `allOf` value with the properties its parts say together: one part may require a property another declares
 * (`allOf: [Base, { required: [name] }]`), and a part's own example may leave out what another part adds. Built
 * apart, each part missed them, and a request went without a required field.
 */
function withMergedProperties(walk: Walk, schema: JsonObject, value: JsonObject, trail: readonly string[]): JsonObject {
  const flat = flattenSchema(walk.document, schema);
  const properties = isObject(flat.properties) ? flat.properties : {};
  const required = new Set(Array.isArray(flat.required) ? flat.required.map((name) => text(name)) : []);
  const wanted = Object.entries(properties).filter(([name, property]) => {
    if (name in value) return false;
    const resolved = isObject(property) ? property : {};
    if (walk.direction === 'response') return resolved.writeOnly !== true && !spent(walk);
    return resolved.readOnly !== true && (required.size === 0 || required.has(name));
  });
  return wanted.length === 0
    ? value
    : { ...value, ...Object.fromEntries(wanted.map(([name, property]) => [name, build(walk, property, trail)])) };
}

function numberExample(schema: JsonObject, type: 'integer' | 'number'): number {
  const lower = [schema.minimum, schema.exclusiveMinimum].find((value) => typeof value === 'number');
  if (typeof lower !== 'number') return type === 'integer' ? 1 : 1.5;
  const value = lower === schema.exclusiveMinimum ? lower + 1 : lower;
  return type === 'integer' ? Math.ceil(value) : value;
}

const formats: Record<string, string> = {
  'date-time': '2026-01-01T12:00:00Z',
  date: '2026-01-01',
  time: '12:00:00',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  binary: 'file contents',
  byte: 'ZXhhbXBsZQ==',
  password: 'password',
};

function stringExample(schema: JsonObject): string {
  const known = formats[text(schema.format)];
  if (known !== undefined) return known;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const value = 'string';
  return minLength > value.length ? value.padEnd(minLength, 'x') : value;
}
