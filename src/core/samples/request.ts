import type { Json } from '../openapi/document';
import {
  isEmpty,
  isMultipart,
  multipartFiles,
  queryPairs,
  queryStringPairs,
  requestProblems,
  RequestValueError,
  sampleBody,
  sampleValues,
  scalar,
} from '../openapi/request';
import type { CredentialPlacement, OperationView } from '../openapi/view';
import type { SampleOptions } from './settings';

/** Seconds the samples wait for an answer. */
export const timeoutSeconds = 30;

/** A field of a `multipart/form-data` body: text, or a file (a `format: binary` field) read from a path. */
export interface MultipartPart {
  name: string;
  value: string;
  file: boolean;
}

/** The request every language writes out: literal parts and the values each language encodes itself. */
export interface SampleRequest {
  method: string;
  /** Default base URL, without a trailing slash. */
  server: string;
  /** The path in pieces: literal text, and path parameter values still to encode. */
  path: ({ text: string } | { value: string })[];
  query: [string, string][];
  /** Headers other than the credential's. */
  headers: [string, string][];
  /** Whether the call takes a credential. */
  secured: boolean;
  /**
   * The credentials the call sends, where its security schemes put them (an `X-API-Key` header, an `api_key` query
   * parameter, a cookie, `Authorization: Bearer` or `Basic`): the first from the convention's variable, any other
   * that the same requirement combines with it from that variable with `_2`, `_3`… after it.
   */
  credentials: SampleCredential[];
  body?: { contentType: string; json?: string; form?: [string, string][]; multipart?: MultipartPart[] };
  /** A name for the browser sample's function: the operationId. */
  name: string;
}

export interface SampleCredential {
  placement: CredentialPlacement;
  /** The environment variable holding it. */
  variable: string;
  /** The sample's own name for it: `credential`, `credential2`. */
  local: string;
}

/** The credentials of a call, each with its variable and local name (`SampleRequest.credentials`). */
function sampleCredentials(view: OperationView, variable: string): SampleCredential[] {
  return view.security
    .flatMap((security) => (security.placement ? [security.placement] : []))
    .map((placement, index) => ({
      placement,
      variable: index === 0 ? variable : `${variable}_${index + 1}`,
      local: index === 0 ? 'credential' : `credential${index + 1}`,
    }));
}

/**
 * How a language writes the value a credential is sent as: `Bearer ` before it, `Basic ` before its Base64, or the
 * credential itself; a cookie as `name=` before it.
 */
export interface CredentialSyntax {
  /** A string literal. */
  quote: (text: string) => string;
  /** What joins a literal and an expression into one string: ` + `, ` . `. */
  join: string;
  /** The Base64 of an expression's UTF-8 bytes. */
  base64: (expression: string) => string;
}

function credentialValue(credential: SampleCredential, syntax: CredentialSyntax): string {
  const { placement, local } = credential;
  const concat = (literal: string, expression: string) => syntax.quote(literal) + syntax.join + expression;
  const value =
    placement.scheme === 'bearer'
      ? concat('Bearer ', local)
      : placement.scheme === 'basic'
        ? concat('Basic ', syntax.base64(local))
        : local;
  return placement.in === 'cookie' ? concat(`${placement.name}=`, value) : value;
}

/** The headers the credentials go in (a cookie's in `Cookie`): the header's name and the value's expression. */
export function credentialHeaders(request: SampleRequest, syntax: CredentialSyntax): [string, string][] {
  return request.credentials
    .filter(({ placement }) => placement.in !== 'query')
    .map((credential) => [
      credential.placement.in === 'cookie' ? 'Cookie' : credential.placement.name,
      credentialValue(credential, syntax),
    ]);
}

/** The query parameters the credentials go in: the parameter's name and the local holding the value. */
export function credentialQuery(request: SampleRequest): [string, string][] {
  return request.credentials
    .filter(({ placement }) => placement.in === 'query')
    .map(({ placement, local }) => [placement.name, local]);
}

/** Whether any credential is sent as HTTP Basic (a language may need its Base64 module). */
export function usesBasic(request: SampleRequest): boolean {
  return request.credentials.some(({ placement }) => placement.scheme === 'basic');
}

export function camelCase(value: string): string {
  const words = value.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words
    .map((word, index) => (index === 0 ? word[0].toLowerCase() : word[0].toUpperCase()) + word.slice(1))
    .join('');
  return /^[A-Za-z_]/.test(name) ? name : `call${name}`;
}

/**
 * The request a sample writes. Throws `RequestValueError` for given values that would change the call (a path value
 * of `..`, a line break in a header): the samples and Try it send the same request or none.
 */
export function sampleRequest(view: OperationView, options: SampleOptions): SampleRequest {
  const values = options.values ?? sampleValues(view);
  const problems = requestProblems(view, values);
  if (problems.length > 0) throw new RequestValueError(problems);
  const path: SampleRequest['path'] = [];
  let rest = view.path;
  for (const match of view.path.matchAll(/\{([^}]+)\}/g)) {
    const [placeholder, name] = match;
    const at = rest.indexOf(placeholder);
    const value = values[name];
    if (at > 0) path.push({ text: rest.slice(0, at) });
    path.push(isEmpty(value) ? { text: placeholder } : { value: scalar(value) });
    rest = rest.slice(at + placeholder.length);
  }
  if (rest) path.push({ text: rest });
  const query = [
    ...view.parameters
      .filter((parameter) => parameter.in === 'query')
      .flatMap((parameter) => queryPairs(parameter, values[parameter.name])),
    ...view.parameters
      .filter((parameter) => parameter.in === 'querystring')
      .flatMap((parameter) => queryStringPairs(values[parameter.name])),
  ];
  const headers: [string, string][] = [['Accept', 'application/json']];
  for (const parameter of view.parameters.filter((candidate) => candidate.in === 'header')) {
    const value = values[parameter.name];
    if (!isEmpty(value)) headers.push([parameter.name, scalar(value)]);
  }
  const input = options.body === undefined ? sampleBody(view) : options.body;
  let body: SampleRequest['body'];
  if (input && isMultipart(input.contentType)) {
    const files = multipartFiles(view, input.contentType);
    const value =
      input.value !== null && typeof input.value === 'object' && !Array.isArray(input.value) ? input.value : {};
    // No Content-Type header: curl and FormData write it with the boundary they choose.
    body = {
      contentType: input.contentType,
      multipart: Object.entries(value).map(([name, item]) => ({
        name,
        value: item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : scalar(item),
        file: files.has(name),
      })),
    };
  } else if (input) {
    const form = input.contentType === 'application/x-www-form-urlencoded';
    const object = input.value !== null && typeof input.value === 'object' && !Array.isArray(input.value);
    body =
      form && object
        ? {
            contentType: input.contentType,
            form: Object.entries(input.value as Record<string, Json>).map(([key, item]) => [
              key,
              item === null ? '' : scalar(item),
            ]),
          }
        : { contentType: input.contentType, json: JSON.stringify(input.value) };
    headers.push(['Content-Type', input.contentType]);
  }
  return {
    method: view.method.toUpperCase(),
    server: options.serverUrl.replace(/\/+$/, ''),
    path,
    query,
    headers,
    secured: view.security.length > 0,
    credentials: sampleCredentials(view, options.credentialVariable),
    body,
    name: camelCase(view.operationId || `${view.method} ${view.path}`),
  };
}

/** The path with its values percent-encoded here, for the languages without a short encoder of their own. */
export function encodedPath(request: SampleRequest): string {
  return request.path.map((part) => ('text' in part ? part.text : encodeURIComponent(part.value))).join('');
}

/** The path as an expression joining literals and `encode(value)` calls with `join`. */
export function pathExpression(
  request: SampleRequest,
  literal: (text: string) => string,
  encode: (value: string) => string,
  join = ' + ',
): string {
  return request.path.map((part) => ('text' in part ? literal(part.text) : encode(literal(part.value)))).join(join);
}

export const headerComment = (request: SampleRequest, variable: string, comment: string): string[] =>
  request.secured ? [] : [`${comment} This call takes no credential; ${variable} is not needed.`];

/** The path a file field of a multipart sample reads, and the file name it sends. */
export const filePlaceholder = 'path/to/file';
export const fileName = 'file';
