import type { Json } from './document';
import { bodyTypeRank, type MediaView, type OperationView, type ParameterView } from './view';

/**
 * A concrete HTTP request for an operation: what the explorer sends. The code samples write the same request in
 * each language from the same values and the same `queryPairs` (src/lib/samples/index.ts); the samples'
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

export function buildRequest(view: OperationView, input: RequestInput): HttpRequest {
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
