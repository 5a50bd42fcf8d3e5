import type { Json } from './document';
import { bodyTypeRank, type MediaView, type OperationView, type ParameterView } from './view';

/**
 * A concrete HTTP request for an operation: what the explorer sends. The code samples write the same request in
 * each language from the same values and the same `queryPairs` (src/core/samples/index.ts); the samples'
 * integration test holds every sample's request equal to this one.
 */
export interface HttpRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

/** Values by parameter name (`in:name` keys are not needed: an operation's names are unique per location here). */
export type ParameterValues = Record<string, Json | undefined>;

export interface RequestInput {
  serverUrl: string;
  values: ParameterValues;
  /**
   * The credential, sent where the call's first security scheme puts it (`Authorization: Bearer`, an API key's own
   * header, query parameter or cookie, `Basic` with `user:password`); none, nothing is sent.
   */
  credential?: string;
  /** The credentials of the other schemes a requirement combines with the first, in order. */
  moreCredentials?: readonly (string | undefined)[];
  body?: { contentType: string; value: Json };
}

/** A parameter value as it travels: strings as they are, anything else as JSON. */
export function scalar(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A value that is not sent: missing, null, empty text or an empty list. */
export function isEmpty(value: Json | undefined): value is undefined | null | '' {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Query pairs of one parameter: repeated keys for an exploded array, one comma-separated pair otherwise. */
export function queryPairs(parameter: ParameterView, value: Json | undefined): [string, string][] {
  if (isEmpty(value)) return [];
  if (Array.isArray(value)) {
    return parameter.explode
      ? value.map((item) => [parameter.name, scalar(item)])
      : [[parameter.name, value.map(scalar).join(',')]];
  }
  return [[parameter.name, scalar(value)]];
}

/**
 * The pairs of an OpenAPI 3.2 `querystring` parameter, the whole query string: its text (`game=cs2&limit=5`, a
 * leading `?` allowed) read as a form, or an object's fields. Each pair is encoded again where it goes, so no value
 * can add a `#` or end the URL.
 */
export function queryStringPairs(value: Json | undefined): [string, string][] {
  if (isEmpty(value)) return [];
  if (typeof value === 'string') return [...new URLSearchParams(value.replace(/^\?/, ''))];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([name, item]): [string, string][] =>
      isEmpty(item) ? [] : [[name, scalar(item as Json)]],
    );
  }
  return [];
}

/** `a=1&b=x%2Cy`: the same encoding as URLSearchParams, except that commas of a list stay readable. */
function encodeQuery(pairs: [string, string][]): string {
  return pairs
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`)
    .join('&');
}

export function formEncode(value: Json): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  return new URLSearchParams(
    Object.entries(value).map(([key, item]) => [key, item === null ? '' : scalar(item)]),
  ).toString();
}

/**
 * The boundary of a multipart body written out by hand (the explorer's, and the samples' in languages without an
 * encoder): fixed, so a sample reads plainly, and unlike any field's text.
 */
export const formBoundary = 'SampleFormBoundary7MA4YWxk';

/** Whether a media type is a multipart form (`multipart/form-data`, with or without parameters). */
export function isMultipart(contentType: string): boolean {
  return contentType.split(';')[0].trim().toLowerCase() === 'multipart/form-data';
}

/**
 * A multipart form of an object's fields, as a browser writes one (RFC 7578 with the HTML form rules: names quoted,
 * `"` and line breaks in them percent-encoded). The fields named in `files` go as files of that name, their text as
 * the file's content: the explorer's way to send a file field typed in its body editor.
 */
export function multipartEncode(value: Json, files: ReadonlySet<string>): string {
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  const quote = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const parts = fields.map(([name, item]) => {
    const file = files.has(name) ? `; filename="${quote(name)}"\r\nContent-Type: application/octet-stream` : '';
    const text = item === null ? '' : scalar(item);
    return `--${formBoundary}\r\nContent-Disposition: form-data; name="${quote(name)}"${file}\r\n\r\n${text}\r\n`;
  });
  return `${parts.join('')}--${formBoundary}--\r\n`;
}

/** The fields of a call's multipart body that are files (`format: binary`). */
export function multipartFiles(view: OperationView, contentType: string): Set<string> {
  const media = view.requestBody?.contents.find((content) => content.contentType === contentType);
  const names = (media?.schema?.children ?? []).flatMap((field) =>
    field.format === 'binary' && field.name !== undefined ? [field.name] : [],
  );
  return new Set(names);
}

/** An example body as it travels: a form as `name=value&…`, anything else as indented JSON. */
export function encodedExample(contentType: string, value: Json): string {
  return contentType === 'application/x-www-form-urlencoded' ? formEncode(value) : JSON.stringify(value, null, 2);
}

/**
 * Whether a joined URL is still on the origin of the server it was joined to. A relative server (a test's `''`)
 * keeps the request on the page's own origin only while the URL stays a path: not `//host/…`, not `scheme:…`.
 */
export function sameOrigin(url: string, serverUrl: string): boolean {
  let serverOrigin: string | undefined;
  try {
    serverOrigin = new URL(serverUrl).origin;
  } catch {
    serverOrigin = undefined;
  }
  if (serverOrigin === undefined) return !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) && !/^[/\\]{2}/.test(url);
  try {
    return new URL(url).origin === serverOrigin;
  } catch {
    return false;
  }
}

/** Base64 of a text's UTF-8 bytes, in the browser and in Node.js alike. */
function base64(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)));
}

/** The headers and query pairs that carry the credentials, where the call's security schemes put them. */
export function credentialParts(
  view: OperationView,
  input: Pick<RequestInput, 'credential' | 'moreCredentials'>,
): { headers: [string, string][]; query: [string, string][] } {
  const headers: [string, string][] = [];
  const query: [string, string][] = [];
  const given = [input.credential, ...(input.moreCredentials ?? [])];
  const placements = view.security.flatMap((security) => (security.placement ? [security.placement] : []));
  placements.forEach((placement, index) => {
    const credential = given[index];
    if (credential === undefined) return;
    const value =
      placement.scheme === 'bearer'
        ? `Bearer ${credential}`
        : placement.scheme === 'basic'
          ? `Basic ${base64(credential)}`
          : credential;
    if (placement.in === 'query') query.push([placement.name, value]);
    else if (placement.in === 'cookie') headers.push(['Cookie', `${placement.name}=${value}`]);
    else headers.push([placement.name, value]);
  });
  return { headers, query };
}

/** A value a request cannot carry, named by the parameter (or `credential`) it came from. */
export interface RequestProblem {
  field: string;
  message: string;
}

/** Thrown by `buildRequest` and the samples' request model for a value no request may carry (`requestProblems`). */
export class RequestValueError extends Error {
  constructor(readonly problems: readonly RequestProblem[]) {
    super(problems.map((problem) => problem.message).join('; '));
  }
}

/** The text of a value and of each percent-decoding of it, up to a few: a server may decode a segment twice. */
function decodings(value: string): string[] {
  const seen = [value];
  let current = value;
  for (let round = 0; round < 3 && current.includes('%'); round += 1) {
    try {
      current = decodeURIComponent(current);
    } catch {
      break;
    }
    seen.push(current);
  }
  return seen;
}

/**
 * What in the values would change the call rather than fill it in: a path parameter of `.` or `..` (or one that
 * decodes to it: `%2e%2e`), which the URL parser or the server folds into another path (`/players/../history` is
 * `/history`), and a header or credential holding a line break or another control character, which would end the
 * header and start another. Everything else is encoded where it goes and cannot change the request's shape.
 */
export function requestProblems(
  view: OperationView,
  values: ParameterValues,
  credentials: readonly (string | undefined)[] = [],
): RequestProblem[] {
  const problems: RequestProblem[] = [];
  for (const parameter of view.parameters) {
    const value = values[parameter.name];
    if (isEmpty(value)) continue;
    const text = Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
    if (parameter.in === 'path' && decodings(text).some((decoded) => decoded === '.' || decoded === '..')) {
      problems.push({
        field: parameter.name,
        message: `${parameter.name} cannot be ${JSON.stringify(text)}: a path segment of . or .. would change which call is made`,
      });
    }
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    if ((parameter.in === 'header' || parameter.in === 'cookie') && /[\u0000-\u001f\u007f]/.test(text)) {
      problems.push({
        field: parameter.name,
        message: `${parameter.name} holds a line break or another control character, which a header cannot carry`,
      });
    }
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (credentials.some((credential) => credential !== undefined && /[\u0000-\u001f\u007f]/.test(credential))) {
    problems.push({
      field: 'credential',
      message: 'the credential holds a line break or another control character, which a header cannot carry',
    });
  }
  return problems;
}

/**
 * The request for a call on `serverUrl`. Throws `RequestValueError` for a value that would change the call
 * (`requestProblems`), and an Error when the joined URL leaves the server's origin: the server was checked against
 * the API's hosts, and the URL that is sent must still be on it (a document's path is joined as text).
 */
export function buildRequest(view: OperationView, input: RequestInput): HttpRequest {
  if (!view.path.startsWith('/'))
    throw new Error(`the call's path ${view.path} does not begin with /: nothing is sent`);
  const problems = requestProblems(view, input.values, [input.credential, ...(input.moreCredentials ?? [])]);
  if (problems.length > 0) throw new RequestValueError(problems);
  let path = view.path;
  for (const parameter of view.parameters.filter((candidate) => candidate.in === 'path')) {
    const value = input.values[parameter.name];
    if (!isEmpty(value)) path = path.replaceAll(`{${parameter.name}}`, encodeURIComponent(scalar(value)));
  }
  const credentials = credentialParts(view, input);
  const query = encodeQuery([
    ...view.parameters
      .filter((parameter) => parameter.in === 'query')
      .flatMap((parameter) => queryPairs(parameter, input.values[parameter.name])),
    ...view.parameters
      .filter((parameter) => parameter.in === 'querystring')
      .flatMap((parameter) => queryStringPairs(input.values[parameter.name])),
    ...credentials.query,
  ]);
  const headers: [string, string][] = [['Accept', 'application/json'], ...credentials.headers];
  for (const parameter of view.parameters.filter((candidate) => candidate.in === 'header')) {
    const value = input.values[parameter.name];
    if (!isEmpty(value)) headers.push([parameter.name, scalar(value)]);
  }
  const request: HttpRequest = {
    method: view.method.toUpperCase(),
    url: `${input.serverUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`,
    headers,
  };
  if (!sameOrigin(request.url, input.serverUrl)) {
    throw new Error(`the call's path ${view.path} takes the request off ${input.serverUrl}: nothing is sent`);
  }
  if (input.body && isMultipart(input.body.contentType)) {
    headers.push(['Content-Type', `multipart/form-data; boundary=${formBoundary}`]);
    request.body = multipartEncode(input.body.value, multipartFiles(view, input.body.contentType));
  } else if (input.body) {
    headers.push(['Content-Type', input.body.contentType]);
    request.body =
      input.body.contentType === 'application/x-www-form-urlencoded'
        ? formEncode(input.body.value)
        : JSON.stringify(input.body.value, null, 2);
  }
  return request;
}

/**
 * The values a code sample uses: every path parameter and required query parameter, with the document's example,
 * plus every optional parameter that has an example. A path parameter without one keeps a readable placeholder.
 */
export function sampleValues(view: OperationView): ParameterValues {
  const values: ParameterValues = {};
  for (const parameter of view.parameters) {
    if (parameter.example !== undefined) values[parameter.name] = parameter.example;
    else if (parameter.in === 'path' || parameter.required) values[parameter.name] = `${parameter.name.toUpperCase()}`;
  }
  // A document's example that would change the call (`..`, a line break in a header) is not used: the path keeps a
  // placeholder, a header is left out.
  for (const problem of requestProblems(view, values)) {
    const parameter = view.parameters.find((candidate) => candidate.name === problem.field);
    if (parameter?.in === 'path') values[problem.field] = 'VALUE';
    else delete values[problem.field];
  }
  return values;
}

/** The media type a sample sends: JSON first, then a form, then a multipart form, then the first the call lists. */
export function sampleMedia(view: OperationView): MediaView | undefined {
  const contents = view.requestBody?.contents ?? [];
  const ranked = contents
    .filter((content) => bodyTypeRank(content.contentType) >= 0)
    .sort((a, b) => bodyTypeRank(a.contentType) - bodyTypeRank(b.contentType));
  return ranked[0] ?? contents[0];
}

/** The request body a sample sends: the document's example of the chosen type, or one built from its schema. */
export function sampleBody(view: OperationView): RequestInput['body'] {
  const media = sampleMedia(view);
  const value = media?.example ?? media?.generated;
  return media && value !== undefined ? { contentType: media.contentType, value } : undefined;
}
