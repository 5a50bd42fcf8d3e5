import { convert } from 'openapi-to-postmanv2';
import { isObject, type Json, type JsonObject } from '../../core/openapi/document';
import { firstTrustedServer, isTrustedServer, usableServerUrls } from '../../core/openapi/servers';
import { encodedExample, isEmpty, queryPairs, sampleBody, sampleValues, scalar } from '../../core/openapi/request';
import { dataKeys, namedMapKeys } from '../../core/openapi/keys';
import { operationViews, type CredentialPlacement, type OperationView } from '../../core/openapi/view';
import type { SampleEnvironment } from '../../core/samples';

/** The converter's names for the two variables every request uses. */
const converterVariables = { baseUrl: 'baseUrl', credential: 'bearerToken' };

interface Collection {
  info?: { name?: string };
  item?: PostmanItem[];
  variable?: { key: string; value: string; type?: string; description?: string }[];
  auth?: unknown;
  [key: string]: unknown;
}

interface PostmanRequest {
  method: string;
  header?: { key: string; value: string; disabled?: boolean }[];
  url: {
    raw?: string;
    host?: string[];
    path?: string[];
    query?: { key: string; value: string; disabled?: boolean }[];
    variable?: { key: string; value: string }[];
  };
  body?: unknown;
  auth?: unknown;
}

interface PostmanItem {
  item?: PostmanItem[];
  request?: PostmanRequest;
}

/** Postman's Basic auth takes the two halves of the samples' `user:password`, each in a variable of its own. */
function basicVariables(environment: SampleEnvironment): { user: string; password: string } {
  return { user: `${environment.credentialVariable}_USER`, password: `${environment.credentialVariable}_PASSWORD` };
}

/** Postman's auth for a credential placement, in the convention's variables. */
function postmanAuth(placement: CredentialPlacement, environment: SampleEnvironment): PostmanAuth {
  const variable = `{{${environment.credentialVariable}}}`;
  if (placement.scheme === 'bearer')
    return { type: 'bearer', bearer: [{ key: 'token', value: variable, type: 'string' }] };
  if (placement.scheme === 'basic') {
    const { user, password } = basicVariables(environment);
    return {
      type: 'basic',
      basic: [
        { key: 'username', value: `{{${user}}}`, type: 'string' },
        { key: 'password', value: `{{${password}}}`, type: 'string' },
      ],
    };
  }
  // Postman's API key auth goes in a header or the query; a cookie is a `Cookie` header.
  const cookie = placement.in === 'cookie';
  return {
    type: 'apikey',
    apikey: [
      { key: 'key', value: cookie ? 'Cookie' : placement.name, type: 'string' },
      { key: 'value', value: cookie ? `${placement.name}=${variable}` : variable, type: 'string' },
      { key: 'in', value: placement.in === 'query' ? 'query' : 'header', type: 'string' },
    ],
  };
}

interface PostmanAuth {
  type: string;
  [key: string]: string | { key: string; value: string; type: string }[];
}

/** Calls `change` with each request of the collection and the operation it was made from. */
function eachRequest(
  collection: { item?: PostmanItem[] },
  views: OperationView[],
  change: (request: PostmanRequest, view: OperationView) => void,
): void {
  const byRoute = new Map(
    views.map((view) => [`${view.method.toUpperCase()} ${view.path.replace(/\{([^}]+)\}/g, ':$1')}`, view]),
  );
  const visit = (items: PostmanItem[]) => {
    for (const item of items) {
      if (item.item) visit(item.item);
      const request = item.request;
      const view = request && byRoute.get(`${request.method} /${(request.url.path ?? []).join('/')}`);
      if (request && view) change(request, view);
    }
  };
  visit(collection.item ?? []);
}

/** Each call's own auth where its scheme is not the collection's; none where it takes none. */
function withRequestAuth(
  collection: { item?: PostmanItem[] },
  views: OperationView[],
  environment: SampleEnvironment,
  collectionAuth: PostmanAuth | undefined,
): void {
  eachRequest(collection, views, (request, view) => {
    const own = view.security.find((security) => security.placement)?.placement;
    const auth = own ? postmanAuth(own, environment) : { type: 'noauth' };
    if (collectionAuth && JSON.stringify(auth) === JSON.stringify(collectionAuth)) delete request.auth;
    else request.auth = auth;
  });
}

/**
 * Puts the document's examples into every request, the values the samples and the explorer start from: the
 * converter leaves `<string>` placeholders where a parameter's example is not on its schema, and sends the last
 * media type's body (a form of placeholders) rather than the first. Parameters without a value stay listed, off.
 */
function withSampleValues(collection: { item?: PostmanItem[] }, views: OperationView[]): void {
  eachRequest(collection, views, (request, view) => {
    const values = sampleValues(view);
    const query = new Map<string, string[]>();
    for (const parameter of view.parameters.filter((candidate) => candidate.in === 'query')) {
      for (const [name, value] of queryPairs(parameter, values[parameter.name])) {
        query.set(name, [...(query.get(name) ?? []), value]);
      }
    }
    request.url.query = [
      ...[...query].flatMap(([key, list]) => list.map((value) => ({ key, value }))),
      ...(request.url.query ?? [])
        .filter((entry) => !query.has(entry.key))
        .map((entry) => ({ ...entry, value: '', disabled: true })),
    ];
    for (const variable of request.url.variable ?? []) {
      const value = values[variable.key];
      if (!isEmpty(value)) variable.value = scalar(value);
    }
    const body = sampleBody(view);
    if (body) {
      request.header = [
        ...(request.header ?? []).filter((header) => header.key.toLowerCase() !== 'content-type'),
        { key: 'Content-Type', value: body.contentType },
      ];
      request.body =
        body.contentType === 'application/x-www-form-urlencoded'
          ? {
              mode: 'urlencoded',
              urlencoded: [...new URLSearchParams(encodedExample(body.contentType, body.value))].map(
                ([key, value]) => ({ key, value }),
              ),
            }
          : { mode: 'raw', raw: JSON.stringify(body.value, null, 2), options: { raw: { language: 'json' } } };
    }
  });
}

/**
 * The document as the converter gets it: path- and operation-level `servers` off the API's own hosts are left out,
 * so those calls go to the collection's base URL; the converter would otherwise write such a server into the
 * request's URL, where the collection's credential would follow it.
 */
function withTrustedServers(document: JsonObject, trustedOrigins: readonly string[]): JsonObject {
  const keep = (item: JsonObject): JsonObject => {
    if (!Array.isArray(item.servers)) return item;
    const servers = item.servers.filter((server) =>
      usableServerUrls([server]).some((url) => isTrustedServer(url, trustedOrigins)),
    );
    const rest = { ...item };
    delete rest.servers;
    return servers.length > 0 ? { ...rest, servers } : rest;
  };
  const paths = isObject(document.paths) ? document.paths : {};
  return {
    ...document,
    paths: Object.fromEntries(
      Object.entries(paths).map(([route, raw]): [string, Json] => {
        if (!isObject(raw)) return [route, raw];
        const item = keep(raw);
        return [
          route,
          Object.fromEntries(
            Object.entries(item).map(([key, value]): [string, Json] => [key, isObject(value) ? keep(value) : value]),
          ),
        ];
      }),
    ),
  };
}

/**
 * The document without its `pattern`s, for the converter: it checks every example against its schema's pattern with
 * JavaScript's backtracking RegExp, and one pattern such as `^(a+)+$` with a non-matching example held a build for
 * 110 s, deaf to SIGTERM, each further pattern as long again. A collection carries no schema, so nothing is lost.
 * Only the `pattern` keyword is dropped: a property or schema named `pattern` (children of a named map) and a
 * `pattern` field of an example (data) stay, told apart as the normalizer tells them (src/core/openapi/keys.ts).
 */
export function withoutPatterns(value: unknown, namesChildren = false): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutPatterns(item));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) => {
      if (namesChildren) return [[key, withoutPatterns(item)]];
      if (key === 'pattern' && typeof item === 'string') return [];
      if (dataKeys.has(key)) return [[key, item]];
      return [[key, withoutPatterns(item, namedMapKeys.has(key))]];
    }),
  );
}

/**
 * Postman replaces `{{name}}` anywhere in a request with the variable of that name, so a document's example
 * `{{ARENA_API_KEY}}` would put the reader's key into a query string. The collection's own variables stand only where
 * it puts them (the base URL as the host, the credential in the collection's auth); every other `{{` in what a
 * request sends is written so Postman reads it as text: percent-encoded in the URL (the same characters on the
 * wire), as JSON's `\u007b` in a raw JSON body (the same string once parsed); a header or form field holding one is
 * sent empty and switched off.
 */
function withoutForeignVariables(collection: { item?: PostmanItem[] }, baseUrlVariable: string): void {
  const base = `{{${baseUrlVariable}}}`;
  const inUrl = (value: string) => value.replaceAll('{{', '%7B%7B');
  const visit = (items: PostmanItem[]) => {
    for (const item of items) {
      if (item.item) visit(item.item);
      const request = item.request;
      if (!request) continue;
      const url = request.url;
      if (url.raw !== undefined) {
        url.raw = url.raw.startsWith(base) ? base + inUrl(url.raw.slice(base.length)) : inUrl(url.raw);
      }
      url.host = url.host?.map((part) => (part === base ? part : inUrl(part)));
      url.path = url.path?.map(inUrl);
      for (const entry of [...(url.query ?? []), ...(url.variable ?? [])]) {
        entry.key = inUrl(entry.key);
        entry.value = inUrl(entry.value ?? '');
      }
      const body = request.body as
        { raw?: string; urlencoded?: { key: string; value: string; disabled?: boolean }[] } | undefined;
      if (body?.raw !== undefined) body.raw = body.raw.replaceAll('{{', '\\u007b\\u007b');
      for (const field of [...(request.header ?? []), ...(body?.urlencoded ?? [])]) {
        if (`${field.key}${field.value}`.includes('{{')) Object.assign(field, { value: '', disabled: true });
      }
    }
  };
  visit(collection.item ?? []);
}

/**
 * A Postman collection of the resolved document (openapi-to-postmanv2, folders by tag, the document's examples as
 * values), with the site's environment convention as its variables: the credential and the base URL go by the names
 * every sample uses (`{{ARENA_API_KEY}}`, `{{ARENA_DATA_API_URL}}`), the base URL defaulting to the first server.
 */
export async function postmanCollection(
  document: JsonObject,
  environment: SampleEnvironment,
  trustedOrigins: readonly string[] = [],
): Promise<string> {
  const collection = await new Promise<Collection>((resolve, reject) => {
    convert(
      // As text: given an object, the converter writes into it (`default: '<string>'` on every schema it reads).
      { type: 'string', data: JSON.stringify(withoutPatterns(withTrustedServers(document, trustedOrigins))) },
      { folderStrategy: 'Tags', parametersResolution: 'Example', includeAuthInfoInExample: false },
      (error, result) => {
        if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        else if (!result?.result || !result.output?.[0]) reject(new Error(result?.reason ?? 'no collection'));
        else resolve(result.output[0].data as Collection);
      },
    );
  });
  // The base URL's default: the document's first server on one of the API's own hosts (none: the reader sets it).
  const server = firstTrustedServer(usableServerUrls(document.servers), trustedOrigins) ?? '';
  const text = JSON.stringify(collection)
    .replaceAll(`{{${converterVariables.baseUrl}}}`, `{{${environment.baseUrlVariable}}}`)
    .replaceAll(`{{${converterVariables.credential}}}`, `{{${environment.credentialVariable}}}`);
  const renamed = JSON.parse(text) as Collection;
  const views = operationViews(document, 'postman');
  // The collection's auth is where the document's scheme puts the credential, in the convention's variable; an
  // OAuth2 token is a bearer token obtained outside the collection (the converter would set up Postman's own flow).
  // The document's own requirement (a call of no security of its own reads it), else the first call's.
  const documentLevel = operationViews({ ...document, paths: { '/': { get: { responses: {} } } } }, 'postman')[0];
  const placement = [documentLevel, ...views]
    .flatMap((view) => view?.security ?? [])
    .find((security) => security.placement)?.placement;
  const schemes = new Set(
    views.flatMap((view) => view.security.flatMap((security) => security.placement?.scheme ?? [])),
  );
  const { user, password } = basicVariables(environment);
  const variables = [
    ...([...schemes].some((scheme) => scheme !== 'basic')
      ? [{ key: environment.credentialVariable, description: 'Your credential: set it here.' }]
      : []),
    ...(schemes.has('basic')
      ? [
          { key: user, description: 'Your user name.' },
          { key: password, description: 'Your password.' },
        ]
      : []),
  ];
  const collectionAuth = renamed.auth && placement ? postmanAuth(placement, environment) : undefined;
  if (collectionAuth) renamed.auth = collectionAuth;
  // Each call whose scheme is not the collection's gets its own, in the same variables; a call that takes none,
  // none (the converter's own used variables of its own naming, and sent a cookie as a header of the cookie's name).
  withRequestAuth(renamed, views, environment, collectionAuth);
  renamed.variable = [
    { key: environment.baseUrlVariable, value: server, type: 'string', description: 'Base URL of the API.' },
    ...variables.map(({ key, description }) => ({ key, value: '', type: 'string', description })),
  ];
  withSampleValues(renamed, views);
  withoutForeignVariables(renamed, environment.baseUrlVariable);
  checkRequestOrigins(renamed, environment.baseUrlVariable, server);
  return `${JSON.stringify(renamed, null, 2)}\n`;
}

/**
 * Every request's URL as Postman sends it with the collection's defaults (the base URL variable, each path variable's
 * value) must be on the base URL's origin: the check is on the joined URL, so nothing the path or a value holds can
 * move a request, and the collection's credential, to another host. Throws naming the request otherwise.
 */
export function checkRequestOrigins(collection: { item?: PostmanItem[] }, baseUrlVariable: string, server: string) {
  if (server === '') return;
  const origin = new URL(server).origin;
  const visit = (items: PostmanItem[]) => {
    for (const item of items) {
      if (item.item) visit(item.item);
      const url = item.request?.url;
      if (!url) continue;
      const values = new Map((url.variable ?? []).map((variable) => [variable.key, variable.value]));
      const path = (url.path ?? [])
        .map((segment) => (segment.startsWith(':') ? encodeURIComponent(values.get(segment.slice(1)) ?? '') : segment))
        .join('/');
      const joined = `${(url.host ?? []).join('.')}/${path}`.replaceAll(`{{${baseUrlVariable}}}`, server);
      let sent: string | undefined;
      try {
        sent = new URL(joined).origin;
      } catch {
        sent = undefined;
      }
      if (sent !== origin) {
        throw new Error(
          `the collection's ${item.request?.method ?? ''} ${joined} would leave ${origin}: no collection is written`,
        );
      }
    }
  };
  visit(collection.item ?? []);
}
