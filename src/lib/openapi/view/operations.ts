import {
  isObject,
  listOperations,
  operationParameters,
  resolveRef,
  text,
  type Json,
  type JsonObject,
  type OperationRef,
} from '../document';
import { filledServerUrl, serverUrlProblem } from '../servers';
import { exampleOf } from '../synthesize';
import type { ParameterView, MediaView, ServerView, SecurityView, OperationView } from './types';
import { operationSlug } from './slugs';
import { flattenSchema, typeNames, constraintsOf, typeLabel, schemaNode } from './schemaTree';

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
    summary: text(operation.summary) || `${ref.method.toUpperCase()} ${ref.path}`,
    description: text(operation.description),
    tags: Array.isArray(operation.tags) ? operation.tags.map((tag) => text(tag)).filter(Boolean) : [],
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
