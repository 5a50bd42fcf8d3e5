import {
  httpMethods,
  isObject,
  listOperations,
  operationParameters,
  pointerSegment,
  resolvedObject,
  resolveRef,
  text,
  type Json,
  type JsonObject,
  type HttpMethod,
  type OperationRef,
} from '../document';
import { filledServerUrl, hasUrlScheme, serverUrlProblem, serverVariables } from '../servers';
import { exampleOf } from '../synthesize';
import type {
  AuthorizationCodeFlow,
  ClientCredentialsFlow,
  CallbackView,
  CredentialPlacement,
  LinkView,
  ParameterView,
  MediaView,
  ServerView,
  SecurityView,
  OperationView,
} from './types';
import { operationSlug } from './slugs';
import { readDocumentSamples } from './documentSamples';
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
    else if (media.itemSchema !== undefined) {
      view.schema = schemaNode(document, media.itemSchema, { expand: true });
      view.streamed = true;
    }
    const example = firstExample(document, media);
    if (example !== undefined) view.example = example;
    return view;
  });
}

/** A parameter's media type (`content`, which 3.2's `querystring` parameters use): its schema and example. */
function parameterMedia(document: JsonObject, parameter: JsonObject): JsonObject | undefined {
  if (!isObject(parameter.content)) return undefined;
  const [first] = Object.values(parameter.content);
  return first === undefined ? undefined : resolveRef<JsonObject>(document, first);
}

function parameterView(document: JsonObject, parameter: JsonObject): ParameterView {
  const whole = parameter.in === 'querystring';
  const media = parameterMedia(document, parameter);
  // The whole query string is typed as text (`game=cs2&limit=5`), whatever shape its schema gives the pairs.
  const schema = whole ? {} : flattenSchema(document, parameter.schema ?? media?.schema ?? {});
  const [first] = typeNames(schema).filter((type) => type !== 'null');
  const baseType = (
    ['integer', 'number', 'boolean', 'array'].includes(first) ? first : 'string'
  ) as ParameterView['baseType'];
  const view: ParameterView = {
    ...constraintsOf(document, schema),
    name: text(parameter.name),
    in: (['path', 'query', 'querystring', 'header', 'cookie'].includes(text(parameter.in))
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
  else if (media && 'example' in media) view.example = media.example;
  // A query string's example as the text it travels as: an object of pairs is form-encoded.
  if (whole && isObject(view.example)) {
    view.example = new URLSearchParams(
      Object.entries(view.example).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    ).toString();
  }
  if (whole && !view.type) view.type = 'query string';
  return view;
}

/** An absolute http(s) URL, as written; anything else (relative, another scheme, credentials in it) is none. */
function flowUrl(value: Json): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

/** A flow's scopes: each a space-free printable token (RFC 6749 §3.3) with what it grants. */
function flowScopes(flow: JsonObject): Record<string, string> {
  const scopes: Record<string, string> = {};
  if (isObject(flow.scopes)) {
    for (const [scope, description] of Object.entries(flow.scopes)) {
      if (/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)) scopes[scope] = text(description);
    }
  }
  return scopes;
}

/** An OAuth2 scheme's flow of this name, when its token URL (and authorization URL, if it has one) can be used. */
function oauthFlow(scheme: JsonObject, name: 'authorizationCode' | 'clientCredentials') {
  const flows = isObject(scheme.flows) ? scheme.flows : {};
  const flow = isObject(flows[name]) ? flows[name] : undefined;
  const tokenUrl = flow ? flowUrl(flow.tokenUrl) : undefined;
  if (!flow || !tokenUrl) return undefined;
  return { flow, tokenUrl, refreshUrl: flowUrl(flow.refreshUrl) ?? tokenUrl, scopes: flowScopes(flow) };
}

function authorizationCodeFlow(scheme: JsonObject): AuthorizationCodeFlow | undefined {
  const found = oauthFlow(scheme, 'authorizationCode');
  const authorizationUrl = found ? flowUrl(found.flow.authorizationUrl) : undefined;
  if (!found || !authorizationUrl) return undefined;
  return { authorizationUrl, tokenUrl: found.tokenUrl, refreshUrl: found.refreshUrl, scopes: found.scopes };
}

function clientCredentialsFlow(scheme: JsonObject): ClientCredentialsFlow | undefined {
  const found = oauthFlow(scheme, 'clientCredentials');
  return found && { tokenUrl: found.tokenUrl, refreshUrl: found.refreshUrl, scopes: found.scopes };
}

/** One scheme of a requirement, as the reader meets it: what to send and where. */
function securityView(name: string, scheme: JsonObject, scopes: Json): SecurityView {
  const type = text(scheme.type);
  const base = {
    name,
    type,
    description: text(scheme.description),
    scopes: Array.isArray(scopes) ? scopes.map((scope) => text(scope)).filter(Boolean) : [],
    ...(scheme.deprecated === true ? { deprecated: true as const } : {}),
  };
  const authorization = (placementScheme: CredentialPlacement['scheme']): CredentialPlacement => ({
    in: 'header',
    name: 'Authorization',
    scheme: placementScheme,
  });
  if (type === 'apiKey') {
    const where = text(scheme.in);
    const keyName = text(scheme.name);
    // A header or cookie name is an HTTP token (RFC 9110): anything else (a line break, a space) no request can carry.
    const named = where === 'query' ? keyName !== '' : /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(keyName);
    const placement: CredentialPlacement | undefined =
      (where === 'header' || where === 'query' || where === 'cookie') && named
        ? { in: where, name: keyName, scheme: 'none' }
        : undefined;
    return { ...base, credential: 'API key', ...(placement ? { placement } : {}) };
  }
  if (type === 'http') {
    const httpScheme = text(scheme.scheme).toLowerCase();
    if (httpScheme === 'basic')
      return { ...base, credential: 'user name and password', placement: authorization('basic') };
    if (httpScheme === 'bearer') {
      return { ...base, credential: text(scheme.bearerFormat) || 'Bearer token', placement: authorization('bearer') };
    }
    // Digest and the other HTTP schemes need a challenge first: shown, not sent.
    return { ...base, credential: `${httpScheme || 'HTTP'} credentials` };
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    const code = type === 'oauth2' ? authorizationCodeFlow(scheme) : undefined;
    const client = type === 'oauth2' ? clientCredentialsFlow(scheme) : undefined;
    return {
      ...base,
      credential: 'OAuth2 access token',
      placement: authorization('bearer'),
      ...(code ? { authorizationCode: code } : {}),
      ...(client ? { clientCredentials: client } : {}),
      ...(type === 'oauth2' && isObject(scheme.flows) && isObject(scheme.flows.deviceAuthorization)
        ? { deviceAuthorization: true as const }
        : {}),
    };
  }
  if (type === 'mutualTLS') return { ...base, credential: 'client certificate' };
  return { ...base, credential: 'credential' };
}

/**
 * The security requirements of an operation (its own, or the document's), each an alternative of schemes sent
 * together. A requirement naming a scheme the document does not define is left out, as no request can meet it.
 */
function securityAlternatives(document: JsonObject, operation: JsonObject): SecurityView[][] {
  const requirements = Array.isArray(operation.security) ? operation.security : document.security;
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  if (!Array.isArray(requirements)) return [];
  const alternatives: SecurityView[][] = [];
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    if (!names.every((name) => isObject(schemes[name]))) continue;
    alternatives.push(
      names.map((name) =>
        securityView(name, resolveRef<JsonObject>(document, schemes[name] ?? {}), requirement[name] ?? []),
      ),
    );
  }
  return alternatives;
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

/**
 * A parameter that is where one of the call's security schemes puts its credential (Listen Notes declares its
 * `X-ListenAPI-Key` header both as a scheme and as a parameter of every call): the credential's own field sends it,
 * so the parameter is not offered, sampled or sent a second time. Header names compare without case, as HTTP does.
 */
function carriesCredential(parameter: JsonObject, schemes: readonly SecurityView[]): boolean {
  const name = text(parameter.name);
  return schemes.some(({ placement }) => {
    if (!placement || placement.in !== parameter.in) return false;
    return placement.in === 'header' ? placement.name.toLowerCase() === name.toLowerCase() : placement.name === name;
  });
}

/** The Server Objects of a call: its own, else its path's, else the document's (each level overrides the one above). */
function serverObjects(document: JsonObject, ref: OperationRef): JsonObject[] {
  const pathItem = resolveRef<JsonObject>(document, (document.paths as JsonObject)[ref.path] ?? {});
  const servers = [ref.operation.servers, pathItem.servers, document.servers].find(
    (candidate) => Array.isArray(candidate) && candidate.length > 0,
  );
  return Array.isArray(servers) ? servers.filter(isObject) : [];
}

/** A relative server URL a page may show as text: a path of plain characters, variables allowed. */
const plainRelativeUrl = /^\/?[A-Za-z0-9\-._~%/+,;=:@{}]*$/;

function hostlessServers(document: JsonObject, ref: OperationRef): string[] {
  return serverObjects(document, ref)
    .map((server) => text(server.url))
    .filter((url) => url !== '' && !hasUrlScheme(url) && plainRelativeUrl.test(url));
}

function serverViews(document: JsonObject, ref: OperationRef): ServerView[] {
  const servers = serverObjects(document, ref);
  // Only URLs through the one gate for server URLs reach a page, a sample or the explorer.
  return servers
    .map((server): ServerView => {
      const variables = serverVariables(server);
      return {
        url: filledServerUrl(server),
        ...(text(server.name) ? { name: text(server.name) } : {}),
        description: text(server.description),
        ...(variables.length > 0 ? { template: text(server.url), variables } : {}),
      };
    })
    .filter((server) => serverUrlProblem(server.url) === undefined);
}

/** The document's calls by operationId, found once per document: every response link looks one up. */
const callsById = new WeakMap<JsonObject, Map<string, OperationRef>>();

function callById(document: JsonObject, operationId: string): OperationRef | undefined {
  let calls = callsById.get(document);
  if (!calls) {
    calls = new Map();
    for (const ref of listOperations(document)) {
      const id = text(ref.operation.operationId);
      if (id && !calls.has(id)) calls.set(id, ref);
    }
    callsById.set(document, calls);
  }
  return calls.get(operationId);
}

/** The call an `operationRef` names, when it points into this document's paths (`#/paths/~1users~1{id}/get`). */
function callByRef(document: JsonObject, operationRef: string): OperationRef | undefined {
  const match = /^#\/paths\/([^/]+)\/([a-z]+)$/.exec(operationRef);
  if (!match) return undefined;
  const path = pointerSegment(match[1]);
  const method = httpMethods.find((candidate) => candidate === match[2]);
  return listOperations(document).find((ref) => ref.path === path && ref.method === method);
}

function linkViews(document: JsonObject, links: Json | undefined): LinkView[] {
  if (!isObject(links)) return [];
  return Object.entries(links).flatMap(([name, raw]): LinkView[] => {
    const link = resolvedObject(document, raw);
    if (!link) return [];
    const operationId = text(link.operationId);
    const operationRef = text(link.operationRef);
    const ref = operationId
      ? callById(document, operationId)
      : operationRef
        ? callByRef(document, operationRef)
        : undefined;
    const parameters = isObject(link.parameters)
      ? Object.entries(link.parameters).map(([parameter, value]) => ({
          name: parameter,
          value: typeof value === 'string' ? value : JSON.stringify(value),
        }))
      : [];
    return [
      {
        name,
        description: text(link.description),
        ...(ref
          ? {
              target: {
                slug: operationSlug(document, ref),
                method: ref.method,
                path: ref.path,
                summary: text(ref.operation.summary) || `${ref.method.toUpperCase()} ${ref.path}`,
              },
            }
          : { unresolved: operationId || operationRef || name }),
        parameters,
      },
    ];
  });
}

/**
 * A request the API sends (a callback's or a webhook's), as a call's view whose path is where it goes (the callback's
 * expression, the webhook's name). Its own callbacks are not followed: the API's requests do not nest. Nor are its
 * samples (`x-codeSamples`) read: a page shows such a request as what the reader's server receives, not as a call.
 */
export function sentRequestView(
  document: JsonObject,
  api: string,
  path: string,
  method: HttpMethod,
  operation: JsonObject,
): OperationView {
  const { callbacks: _notFollowed, 'x-codeSamples': _samples, 'x-code-samples': _olderSamples, ...sent } = operation;
  void [_notFollowed, _samples, _olderSamples];
  return operationView(document, api, { path, method, operation: sent });
}

/** An operation's callbacks: each expression's requests, as views of their own (their callbacks not followed). */
function callbackViews(document: JsonObject, api: string, operation: JsonObject): CallbackView[] {
  if (!isObject(operation.callbacks)) return [];
  return Object.entries(operation.callbacks).flatMap(([name, raw]): CallbackView[] => {
    const callback = resolvedObject(document, raw);
    if (!callback) return [];
    return Object.entries(callback).flatMap(([expression, rawItem]): CallbackView[] => {
      const item = resolvedObject(document, rawItem);
      if (!item) return [];
      const operations = httpMethods.flatMap((method) => {
        const sent = item[method];
        return isObject(sent) ? [sentRequestView(document, api, expression, method, sent)] : [];
      });
      return operations.length > 0 ? [{ name, expression, operations }] : [];
    });
  });
}

export function operationView(document: JsonObject, api: string, ref: OperationRef): OperationView {
  const { operation } = ref;
  const responses = isObject(operation.responses) ? operation.responses : {};
  const alternatives = securityAlternatives(document, operation);
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
    servers: serverViews(document, ref),
    security: alternatives[0] ?? [],
    ...(alternatives.slice(1).some((alternative) => alternative.length > 0)
      ? { otherSecurity: alternatives.slice(1).filter((alternative) => alternative.length > 0) }
      : {}),
    ...(alternatives.some((alternative) => alternative.length === 0) ? { securityOptional: true as const } : {}),
    parameters: operationParameters(document, ref)
      .filter((parameter) => !ignoredHeader(parameter) && !carriesCredential(parameter, alternatives.flat()))
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
      const links = linkViews(document, response.links);
      const description = [text(response.summary), text(response.description)].filter(Boolean).join('\n\n');
      return { status, description, contents, ...(links.length > 0 ? { links } : {}) };
    }),
  };
  const callbacks = callbackViews(document, api, operation);
  if (callbacks.length > 0) view.callbacks = callbacks;
  // What is wrong with them is the build log's (documentSampleNotices); a page shows the samples it could read.
  const { samples } = readDocumentSamples(document, operation);
  if (samples.length > 0) view.documentSamples = samples;
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
  if (view.servers.length === 0) {
    const hostless = hostlessServers(document, ref);
    if (hostless.length > 0) view.hostlessServers = hostless;
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
