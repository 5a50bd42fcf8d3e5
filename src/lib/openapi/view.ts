import {
  isObject,
  componentSchemas,
  listOperations,
  operationParameters,
  escapedSegment,
  resolveRef,
  schemaRefTarget,
  text,
  type Json,
  type JsonObject,
  type OperationRef,
} from './document';
import { filledServerUrl, serverUrlProblem } from './servers';
import { exampleOf } from './synthesize';

/**
 * View models of operations and schemas: plain, serializable data that the reference pages render. Every fact on
 * an operation or schema page comes from here, read from the resolved document; the pages copy nothing.
 */

/** The limits and rules of one value, as the document states them. */
export interface Constraints {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  uniqueItems?: boolean;
  format?: string;
  enum?: Json[];
  /** The enum of an array's items, for arrays of enumerated values such as `expanded`. */
  itemsEnum?: Json[];
  default?: Json;
}

export interface ParameterView extends Constraints {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description: string;
  /** Type label: `integer`, `string`, `array of string`. */
  type: string;
  /** JSON type the explorer parses input into. */
  baseType: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  itemsType?: 'string' | 'integer' | 'number' | 'boolean';
  /** Arrays in a query: `false` for a comma-separated list (`style: form, explode: false`). */
  explode: boolean;
  example?: Json;
}

/** One field of a schema, with its nested fields unless it is a named schema that has its own page. */
export interface SchemaNode extends Constraints {
  name?: string;
  type: string;
  required: boolean;
  deprecated: boolean;
  nullable: boolean;
  description: string;
  /** Name of the component schema this field is (or is an array of), for a link to its page. */
  schemaName?: string;
  /** That schema's page slug (`schemas/game`). */
  schemaSlug?: string;
  example?: Json;
  /** Properties of an inline object; for a map, one entry named `{key}`. */
  children?: SchemaNode[];
  /** The shapes a `oneOf` / `anyOf` value takes, each a tree of its own (named ones linked, not expanded). */
  variants?: VariantsView;
}

export interface VariantsView {
  /** `oneOf`: exactly one shape matches; `anyOf`: one or more. */
  kind: 'oneOf' | 'anyOf';
  /** The property whose value says which shape a value is (`discriminator.propertyName`). */
  discriminator?: string;
  options: SchemaNode[];
}

export interface MediaView {
  contentType: string;
  schema?: SchemaNode;
  example?: Json;
  /**
   * A body built from the schema (synthesize.ts) when the document gives no example: of a request's JSON or form
   * body (`bodyTypeRank`), what the samples and the explorer send; of a JSON response, what the reader is shown,
   * labelled as built from the schema. Never passed off as the document's example.
   */
  generated?: Json;
}

export interface ResponseView {
  /** `200`, `404`, `default`. */
  status: string;
  description: string;
  contents: MediaView[];
}

export interface RequestBodyView {
  required: boolean;
  description: string;
  contents: MediaView[];
}

export interface ServerView {
  url: string;
  description: string;
}

export interface SecurityView {
  /** Scheme name in the document: `ApiKey`, `OAuth2`. */
  name: string;
  /** What the reader sends: `API key`, `OAuth2 access token`. */
  credential: string;
  description: string;
}

export interface OperationView {
  /** Id of the API's document: `data-v4`. */
  api: string;
  operationId: string;
  /** Page slug: the operationId in kebab-case. */
  slug: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tags: string[];
  deprecated: boolean;
  servers: ServerView[];
  security: SecurityView[];
  parameters: ParameterView[];
  requestBody?: RequestBodyView;
  responses: ResponseView[];
}

export interface SchemaView {
  api: string;
  name: string;
  slug: string;
  description: string;
  root: SchemaNode;
  example?: Json;
  /** Operations whose responses or request bodies use this schema, directly or through a list. */
  usedBy: { slug: string; method: string; path: string; summary: string }[];
}

const schemaPrefix = '#/components/schemas/';

/** A summary or tag name: plain text, rendered as text (never decoded or escaped here; renderers escape). */
const plain = text;

/** `getChampionshipMatches` → `get-championship-matches`; anything unsafe in a URL becomes a dash. */
export function kebabCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/**
 * Page names the generated reference routes use besides the operations': the API overview pages, the schemas
 * folder and the API's changelog (`/docs/<api>/changelog`). An operation whose name would be one of these gets
 * another, as on a collision: `changelog` was missing, and an operation of that name wrote over the changelog page.
 * The overview names are still those of our two APIs; the registry's own (config/apis.ts) is issue 43's.
 */
const reservedSlugs = ['data', 'chat', 'schemas', 'index', 'changelog'];

interface SlugMap {
  operations: Map<string, string>;
  schemas: Map<string, string>;
  /** One line per page name that had to be changed: a collision, an empty or a reserved name. */
  problems: string[];
}

/**
 * Gives each base name a page name no other has: the first keeps its name, a later one gets `-2`, `-3`… (in
 * document order, so the result is the same at every build), and an empty name gets the fallback.
 */
function uniqueSlugs(
  entries: { key: string; base: string; fallback: string; label: string }[],
  reserved: readonly string[],
  problems: string[],
): Map<string, string> {
  const taken = new Set(reserved);
  const slugs = new Map<string, string>();
  for (const { key, base, fallback, label } of entries) {
    const wanted = base || fallback;
    let slug = wanted;
    for (let n = 2; taken.has(slug); n += 1) slug = `${wanted}-${n}`;
    if (!base) problems.push(`${label} has no usable page name; it gets "${slug}"`);
    else if (slug !== base)
      problems.push(`${label} would have the page name "${base}" of another page; it gets "${slug}"`);
    taken.add(slug);
    slugs.set(key, slug);
  }
  return slugs;
}

const slugMaps = new WeakMap<JsonObject, SlugMap>();

/** The page names of a document's operations and schemas, worked out once per document. */
export function documentSlugs(document: JsonObject): SlugMap {
  const known = slugMaps.get(document);
  if (known) return known;
  const problems: string[] = [];
  const operations = uniqueSlugs(
    listOperations(document).map((ref) => ({
      key: operationKey(ref),
      base: kebabCase(text(ref.operation.operationId) || `${ref.method}-${ref.path}`),
      fallback: kebabCase(`${ref.method}-${ref.path}`) || `${ref.method}-operation`,
      label: `operation ${ref.method.toUpperCase()} ${ref.path}`,
    })),
    reservedSlugs,
    problems,
  );
  const schemas = componentSchemas(document);
  const schemaSlugs = uniqueSlugs(
    Object.keys(schemas).map((name) => ({
      key: name,
      base: kebabCase(name),
      fallback: 'schema',
      label: `schema ${JSON.stringify(name)}`,
    })),
    [],
    problems,
  );
  const map = { operations, schemas: schemaSlugs, problems };
  slugMaps.set(document, map);
  return map;
}

function operationKey(ref: OperationRef): string {
  return `${ref.method} ${ref.path}`;
}

export function operationSlug(document: JsonObject, ref: OperationRef): string {
  return documentSlugs(document).operations.get(operationKey(ref)) ?? kebabCase(`${ref.method}-${ref.path}`);
}

export function schemaSlug(document: JsonObject, name: string): string {
  return `schemas/${documentSlugs(document).schemas.get(name) ?? (kebabCase(name) || 'schema')}`;
}

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

function typeNames(schema: JsonObject): string[] {
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
function schemaRef(name: string): string {
  return `${schemaPrefix}${escapedSegment(name)}`;
}

function constraintsOf(document: JsonObject, schema: JsonObject): Constraints {
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
function typeLabel(document: JsonObject, raw: Json, schema: JsonObject): string {
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

function firstExample(document: JsonObject, media: JsonObject): Json | undefined {
  if ('example' in media) return media.example;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    if (first !== undefined) {
      const example = resolveRef<JsonObject>(document, first);
      if ('value' in example) return example.value;
    }
  }
  return undefined;
}

function mediaViews(document: JsonObject, content: Json | undefined): MediaView[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([contentType, raw]) => {
    const media = resolveRef<JsonObject>(document, raw);
    const view: MediaView = { contentType };
    if (media.schema !== undefined) view.schema = schemaNode(document, media.schema, { expand: true });
    const example = firstExample(document, media);
    if (example !== undefined) view.example = example;
    return view;
  });
}

function parameterView(document: JsonObject, parameter: JsonObject): ParameterView {
  const schema = flattenSchema(document, parameter.schema ?? {});
  const [first] = typeNames(schema).filter((type) => type !== 'null');
  const baseType = (
    ['integer', 'number', 'boolean', 'array'].includes(first) ? first : 'string'
  ) as ParameterView['baseType'];
  const view: ParameterView = {
    ...constraintsOf(document, schema),
    name: text(parameter.name),
    in: (['path', 'query', 'header', 'cookie'].includes(text(parameter.in))
      ? text(parameter.in)
      : 'query') as ParameterView['in'],
    required: parameter.required === true || parameter.in === 'path',
    deprecated: parameter.deprecated === true,
    description: text(parameter.description),
    type: typeLabel(document, parameter.schema ?? {}, schema),
    baseType,
    // An array in a query is exploded by default (OpenAPI's `form` style); `explode: false` makes it comma-separated.
    explode: parameter.explode !== false,
  };
  if (baseType === 'array') {
    const items = flattenSchema(document, schema.items ?? {});
    const [itemType] = typeNames(items);
    view.itemsType = (
      ['integer', 'number', 'boolean'].includes(itemType) ? itemType : 'string'
    ) as ParameterView['itemsType'];
  }
  if ('example' in parameter) view.example = parameter.example;
  else if ('example' in schema) view.example = schema.example;
  return view;
}

function securityViews(document: JsonObject, operation: JsonObject): SecurityView[] {
  const requirements = Array.isArray(operation.security) ? operation.security : document.security;
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  if (!Array.isArray(requirements)) return [];
  const views: SecurityView[] = [];
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement)) {
      const scheme = resolveRef<JsonObject>(document, schemes[name] ?? {});
      const credential =
        scheme.type === 'oauth2' || scheme.type === 'openIdConnect'
          ? 'OAuth2 access token'
          : text(scheme.bearerFormat) || (scheme.type === 'apiKey' ? 'API key' : 'Bearer token');
      views.push({ name, credential, description: text(scheme.description) });
    }
  }
  return views;
}

/**
 * OpenAPI: a header parameter named `Accept`, `Content-Type` or `Authorization` "SHALL be ignored" (those come from
 * the media types and the security schemes). Honouring it also keeps a document from declaring a parameter the
 * explorer would merge into the reader's credential header.
 */
function ignoredHeader(parameter: JsonObject): boolean {
  return (
    parameter.in === 'header' &&
    ['accept', 'content-type', 'authorization'].includes(text(parameter.name).toLowerCase())
  );
}

function serverViews(document: JsonObject, operation: JsonObject): ServerView[] {
  const servers = Array.isArray(operation.servers) ? operation.servers : document.servers;
  if (!Array.isArray(servers)) return [];
  // Only URLs through the one gate for server URLs reach a page, a sample or the explorer.
  return servers
    .filter(isObject)
    .map((server) => ({ url: filledServerUrl(server), description: text(server.description) }))
    .filter((server) => serverUrlProblem(server.url) === undefined);
}

export function operationView(document: JsonObject, api: string, ref: OperationRef): OperationView {
  const { operation } = ref;
  const responses = isObject(operation.responses) ? operation.responses : {};
  const view: OperationView = {
    api,
    operationId: text(operation.operationId),
    slug: operationSlug(document, ref),
    method: ref.method,
    path: ref.path,
    summary: plain(operation.summary) || `${ref.method.toUpperCase()} ${ref.path}`,
    description: text(operation.description),
    tags: Array.isArray(operation.tags) ? operation.tags.map((tag) => plain(tag)).filter(Boolean) : [],
    deprecated: operation.deprecated === true,
    servers: serverViews(document, operation),
    security: securityViews(document, operation),
    parameters: operationParameters(document, ref)
      .filter((parameter) => !ignoredHeader(parameter))
      .map((parameter) => parameterView(document, parameter)),
    responses: Object.entries(responses).map(([status, raw]) => {
      const response = resolveRef<JsonObject>(document, raw);
      const contents = mediaViews(document, response.content);
      for (const media of contents) {
        if (media.example !== undefined || bodyTypeRank(media.contentType) !== 0) continue;
        const content = isObject(response.content)
          ? resolveRef<JsonObject>(document, response.content[media.contentType])
          : {};
        if (content.schema !== undefined) media.generated = exampleOf(document, content.schema, 'response');
      }
      return { status, description: text(response.description), contents };
    }),
  };
  if (operation.requestBody !== undefined) {
    const body = resolveRef<JsonObject>(document, operation.requestBody);
    const contents = mediaViews(document, body.content);
    for (const media of contents) {
      if (media.example !== undefined || bodyTypeRank(media.contentType) < 0) continue;
      const raw = isObject(body.content) ? resolveRef<JsonObject>(document, body.content[media.contentType]) : {};
      if (raw.schema !== undefined) media.generated = exampleOf(document, raw.schema);
    }
    view.requestBody = { required: body.required === true, description: text(body.description), contents };
  }
  return view;
}

/**
 * The body types the samples send, best first: JSON (any `+json` type), a form, a multipart form; -1 for any other
 * (a file's bytes, XML…), which the samples do not build.
 */
export function bodyTypeRank(contentType: string): number {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 0;
  if (type === 'application/x-www-form-urlencoded') return 1;
  return type === 'multipart/form-data' ? 2 : -1;
}

export function operationViews(document: JsonObject, api: string): OperationView[] {
  return listOperations(document).map((ref) => operationView(document, api, ref));
}

/**
 * Names of the component schemas an operation's request body or responses use, at any depth. A walk with its own
 * stack that visits each object once: real documents nest deeper than the call stack allows, and a `$ref` into the
 * middle of a schema (`#/components/schemas/A/properties/b`) can lead back to where it started.
 */
function schemasUsedBy(document: JsonObject, ref: OperationRef): Set<string> {
  const found = new Set<string>();
  const seen = new WeakSet<object>();
  const stack: Json[] = [ref.operation.responses ?? null, ref.operation.requestBody ?? null];
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const name = refName(value);
    if (name) {
      found.add(name);
      stack.push(componentSchemas(document)[name] ?? null);
    } else if (typeof value.$ref === 'string') {
      stack.push(resolveRef(document, value));
    } else {
      for (const item of Object.values(value)) stack.push(item);
    }
  }
  return found;
}

function schemaExample(document: JsonObject, name: string, schema: JsonObject): Json | undefined {
  if ('example' in schema) return schema.example;
  const examples =
    isObject(document.components) && isObject(document.components.examples) ? document.components.examples : {};
  const example = examples[name];
  return isObject(example) && 'value' in example ? example.value : undefined;
}

export function schemaViews(document: JsonObject, api: string): SchemaView[] {
  const schemas = componentSchemas(document);
  const uses = listOperations(document).map((ref) => ({ ref, names: schemasUsedBy(document, ref) }));
  return Object.entries(schemas).map(([name, raw]) => {
    const schema = flattenSchema(document, raw);
    const view: SchemaView = {
      api,
      name,
      slug: schemaSlug(document, name),
      description: text(schema.description),
      root: schemaNode(document, raw, { expand: true }),
      usedBy: uses
        .filter((use) => use.names.has(name))
        .map(({ ref }) => ({
          slug: operationSlug(document, ref),
          method: ref.method,
          path: ref.path,
          summary: plain(ref.operation.summary),
        })),
    };
    const example = schemaExample(document, name, schema);
    if (example !== undefined) view.example = example;
    return view;
  });
}

/** Names of the named schemas a tree of fields refers to, below its root. */
function namesIn(node: SchemaNode, found: Set<string>): void {
  for (const child of [...(node.children ?? []), ...(node.variants?.options ?? [])]) {
    if (child.schemaName) found.add(child.schemaName);
    namesIn(child, found);
  }
}

/**
 * The fields of every named schema an operation's parameters, body and responses reach, at any depth, keyed by
 * name: what a page needs to open a nested object in place. Each schema appears once, so cycles end.
 */
export function referencedSchemas(document: JsonObject, roots: SchemaNode[]): Record<string, SchemaNode> {
  const steps = referencedSchemaSteps(document, roots);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `referencedSchemas`' work, pausing after each schema, so the browser can build a large document's model in slices
 * (`referenceModelInSlices`): at 1,000 calls the schemas together took some 80 ms.
 */
export function* referencedSchemaSteps(
  document: JsonObject,
  roots: SchemaNode[],
): Generator<void, Record<string, SchemaNode>> {
  const result: Record<string, SchemaNode> = {};
  const pending = new Set<string>();
  for (const root of roots) {
    if (root.schemaName && !root.children && !root.variants) pending.add(root.schemaName);
    namesIn(root, pending);
  }
  while (pending.size > 0) {
    const [name] = pending;
    pending.delete(name);
    if (name in result) continue;
    const node = schemaNode(document, { $ref: schemaRef(name) }, { expand: true });
    result[name] = node;
    const more = new Set<string>();
    namesIn(node, more);
    for (const next of more) if (!(next in result)) pending.add(next);
    yield;
  }
  return result;
}

/** The schema trees of an operation's request body and responses, for `referencedSchemas`. */
export function operationSchemaRoots(view: OperationView): SchemaNode[] {
  const media = [...(view.requestBody?.contents ?? []), ...view.responses.flatMap((response) => response.contents)];
  return media.flatMap((item) => (item.schema ? [item.schema] : []));
}
