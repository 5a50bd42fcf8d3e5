import type { Json, JsonObject } from './document';
import {
  formBoundary,
  isEmpty,
  isMultipart,
  multipartFiles,
  queryPairs,
  sampleBody,
  sampleValues,
  scalar,
  type ParameterValues,
  type RequestInput,
} from './request';
import { firstTrustedServer, usableServerUrls } from './servers';
import { shellQuoted } from '../text/escape';
import type { OperationView } from './view';

/**
 * The languages every operation page shows, in tab order. `prism` is the highlighter's language name.
 *
 * Written here rather than by httpsnippet (`@readme/httpsnippet` 11.4, what ReadMe and Scalar use): given our
 * request, its targets put the credential in as the literal text `Bearer $ARENA_API_KEY` (PHP's double quotes even
 * read it as an undefined PHP variable), hard-code a pre-encoded URL, ignore the status (Go drops every error), and
 * emit C# top-level statements and Java without a class or imports, so none of them compiles or runs as pasted. Each
 * sample here reads the credential and the base URL from the environment (a browser has none: the JavaScript sample
 * is a function taking both), builds the query with the language's own encoder, sets a timeout, waits once on a 429
 * for as long as `Retry-After` asks, and on any other non-2xx prints the status and body and fails.
 */
export const sampleLanguages = [
  { id: 'curl', label: 'curl', prism: 'bash' },
  { id: 'javascript', label: 'JavaScript', prism: 'javascript' },
  { id: 'node', label: 'Node.js', prism: 'javascript' },
  { id: 'python', label: 'Python', prism: 'python' },
  { id: 'go', label: 'Go', prism: 'go' },
  { id: 'csharp', label: 'C#', prism: 'csharp' },
  { id: 'java', label: 'Java', prism: 'java' },
  { id: 'php', label: 'PHP', prism: 'php' },
  { id: 'ruby', label: 'Ruby', prism: 'ruby' },
  { id: 'perl', label: 'Perl', prism: 'perl' },
] as const;

export type SampleLanguage = (typeof sampleLanguages)[number]['id'];

export interface CodeSample {
  language: SampleLanguage;
  label: string;
  prism: string;
  code: string;
}

/** The site's one environment convention (config/apis.ts): where samples read the credential and the base URL. */
export interface SampleEnvironment {
  /** Holds the credential: `ARENA_API_KEY`. */
  credentialVariable: string;
  /** Holds the API's base URL, when it is not the production server: `ARENA_DATA_API_URL`. */
  baseUrlVariable: string;
}

/**
 * What a page needs to write its samples: the convention, the origins a sample may call (the API's own hosts and
 * the local mock), and the server to call when the operation names none of those.
 */
export interface SampleSettings extends SampleEnvironment {
  fallbackServer: string;
  trustedOrigins: readonly string[];
}

/**
 * The base URL a sample calls when the environment names none: the server the reader chose in the explorer, then
 * the operation's first server, each only when it is on one of the API's own hosts or the local mock; otherwise the
 * page's fallback. A document cannot make a sample send the reader's credential anywhere else.
 */
export function sampleServer(operation: OperationView, settings: SampleSettings, chosen?: string): string {
  const candidates = [...(chosen === undefined ? [] : [chosen]), ...operation.servers.map((server) => server.url)];
  return firstTrustedServer(candidates, settings.trustedOrigins) ?? settings.fallbackServer;
}

/**
 * A page's sample settings for a document: the convention, the trusted origins, and as the fallback the document's
 * first server on one of those origins, or the local mock when it names none.
 */
export function sampleSettings(
  document: JsonObject,
  options: SampleEnvironment & { mockUrl: string; trustedOrigins: readonly string[] },
): SampleSettings {
  return {
    credentialVariable: options.credentialVariable,
    baseUrlVariable: options.baseUrlVariable,
    trustedOrigins: options.trustedOrigins,
    fallbackServer: firstTrustedServer(usableServerUrls(document.servers), options.trustedOrigins) ?? options.mockUrl,
  };
}

export interface SampleOptions extends SampleEnvironment {
  /** The base URL a sample calls when the environment names none: the document's first server. */
  serverUrl: string;
  /** The values to send (what the reader typed in the explorer); by default the document's examples. */
  values?: ParameterValues;
  /** The body to send; by default the first media type's example. */
  body?: RequestInput['body'];
}

/** Seconds the samples wait for an answer. */
const timeoutSeconds = 30;

/** A field of a `multipart/form-data` body: text, or a file (a `format: binary` field) read from a path. */
interface MultipartPart {
  name: string;
  value: string;
  file: boolean;
}

/** The request every language writes out: literal parts and the values each language encodes itself. */
interface SampleRequest {
  method: string;
  /** Default base URL, without a trailing slash. */
  server: string;
  /** The path in pieces: literal text, and path parameter values still to encode. */
  path: ({ text: string } | { value: string })[];
  query: [string, string][];
  /** Headers other than the credential's. */
  headers: [string, string][];
  /** Whether the call takes the credential (`Authorization: Bearer …`). */
  secured: boolean;
  body?: { contentType: string; json?: string; form?: [string, string][]; multipart?: MultipartPart[] };
  /** A name for the browser sample's function: the operationId. */
  name: string;
}

function camelCase(value: string): string {
  const words = value.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words
    .map((word, index) => (index === 0 ? word[0].toLowerCase() : word[0].toUpperCase()) + word.slice(1))
    .join('');
  return /^[A-Za-z_]/.test(name) ? name : `call${name}`;
}

function sampleRequest(view: OperationView, options: SampleOptions): SampleRequest {
  const values = options.values ?? sampleValues(view);
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
  const query = view.parameters
    .filter((parameter) => parameter.in === 'query')
    .flatMap((parameter) => queryPairs(parameter, values[parameter.name]));
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
    body,
    name: camelCase(view.operationId || `${view.method} ${view.path}`),
  };
}

/** The path with its values percent-encoded here, for the languages without a short encoder of their own. */
function encodedPath(request: SampleRequest): string {
  return request.path.map((part) => ('text' in part ? part.text : encodeURIComponent(part.value))).join('');
}

/** The path as an expression joining literals and `encode(value)` calls with `join`. */
function pathExpression(
  request: SampleRequest,
  literal: (text: string) => string,
  encode: (value: string) => string,
  join = ' + ',
): string {
  return request.path.map((part) => ('text' in part ? literal(part.text) : encode(literal(part.value)))).join(join);
}

/**
 * A double-quoted string literal valid in JavaScript, Python, Go and C# (JSON's escaping is common to all four), with
 * the characters C# reads as a line break (U+0085, U+2028, U+2029), which JSON leaves as they are, as `\u` escapes.
 */
const quoted = (value: string): string =>
  JSON.stringify(value).replace(
    /[\u0085\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * A Java string literal in ASCII: javac reads a source file in the platform's encoding, so other characters become
 * `\u` escapes; control characters become octal ones, as javac turns `\u000a` into a line break before it lexes.
 */
const javaQuoted = (value: string): string =>
  JSON.stringify(value)
    .replace(/\\u00([0-9a-f]{2})/gi, (_, hex: string) => `\\${parseInt(hex, 16).toString(8)}`)
    .replace(/[^ -~\n\t\r]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A single-quoted literal of PHP, Ruby and Perl: nothing is interpolated, only `\` and `'` are escaped. */
const singleQuoted = (value: string): string => `'${value.replace(/[\\']/g, (char) => `\\${char}`)}'`;

const headerComment = (request: SampleRequest, variable: string, comment: string): string[] =>
  request.secured ? [] : [`${comment} This call takes no credential; ${variable} is not needed.`];

function curl(request: SampleRequest, env: SampleEnvironment): string {
  const get = request.method === 'GET';
  const url = `${request.server}${encodedPath(request)}`;
  const withQuery =
    !get && request.query.length > 0 ? `?${new URLSearchParams(request.query).toString().replaceAll('+', '%20')}` : '';
  const lines = [
    // --fail-with-body prints the body of an error and exits 22; --retry waits as long as a 429's Retry-After says.
    'curl --fail-with-body --silent --show-error',
    `--max-time ${timeoutSeconds} --retry 1`,
    ...(get ? [] : [`--request ${request.method}`]),
    `"$base_url"${shellQuoted(url.slice(request.server.length) + withQuery)}`,
  ];
  if (get && request.query.length > 0) {
    lines.push('--get');
    for (const [name, value] of request.query) lines.push(`--data-urlencode ${shellQuoted(`${name}=${value}`)}`);
  }
  if (request.secured) lines.push(`--header "Authorization: Bearer \${${env.credentialVariable}:?is not set}"`);
  for (const [name, value] of request.headers) lines.push(`--header ${shellQuoted(`${name}: ${value}`)}`);
  if (request.body?.multipart) {
    // --form-string sends text as it is (a leading @ or < would make --form read a file); a file field reads one.
    for (const part of request.body.multipart) {
      lines.push(
        part.file
          ? `--form ${shellQuoted(`${part.name}=@${filePlaceholder}`)}`
          : `--form-string ${shellQuoted(`${part.name}=${part.value}`)}`,
      );
    }
  } else if (request.body?.form) {
    for (const [name, value] of request.body.form) lines.push(`--data-urlencode ${shellQuoted(`${name}=${value}`)}`);
  } else if (request.body?.json !== undefined) {
    lines.push(`--data ${shellQuoted(request.body.json)}`);
  }
  // The default base URL is a single-quoted word in an assignment: the shell takes it as it is written (no
  // expansion, no command substitution), whatever a document's server says, and the reader's variable wins.
  return `base_url=\${${env.baseUrlVariable}:-${shellQuoted(request.server)}}\n${lines.join(' \\\n  ')}`;
}

/** The fetch call, the 429 retry and the status check JavaScript in a browser and Node.js share. */
/** `readsFiles`: Node.js reads a file field from its path; a browser's sample shows where the bytes go. */
function fetchCall(request: SampleRequest, credential: string, indent: string, readsFiles = false): string[] {
  const headers = [
    ...(request.secured ? [`Authorization: \`Bearer \${${credential}}\``] : []),
    ...request.headers.map(
      ([name, value]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : quoted(name)}: ${quoted(value)}`,
    ),
  ];
  const body = request.body?.multipart
    ? ['  body: form,']
    : request.body?.form
      ? [`  body: new URLSearchParams(${JSON.stringify(request.body.form)}),`]
      : request.body?.json !== undefined
        ? [`  body: JSON.stringify(${request.body.json}),`]
        : [];
  const form = request.body?.multipart
    ? [
        'const form = new FormData();',
        ...request.body.multipart.map((part) =>
          part.file
            ? readsFiles
              ? `form.append(${quoted(part.name)}, new Blob([await readFile(${quoted(filePlaceholder)})]), ${quoted(fileName)}); // your file`
              : `form.append(${quoted(part.name)}, new Blob([${quoted(part.value)}]), ${quoted(filePlaceholder)}); // your file's bytes`
            : `form.append(${quoted(part.name)}, ${quoted(part.value)});`,
        ),
      ]
    : [];
  return [
    ...form,
    'const url = new URL(',
    `  \`\${baseUrl}${request.path.map((part) => ('text' in part ? part.text.replace(/[`$\\]/g, '\\$&') : `\${encodeURIComponent(${quoted(part.value)})}`)).join('')}\`,`,
    ');',
    ...request.query.map(([name, value]) => `url.searchParams.append(${quoted(name)}, ${quoted(value)});`),
    'const send = () =>',
    '  fetch(url, {',
    `    method: ${quoted(request.method)},`,
    `    headers: { ${headers.join(', ')} },`,
    ...body.map((line) => `  ${line}`),
    `    signal: AbortSignal.timeout(${timeoutSeconds * 1000}),`,
    '  });',
    'let response = await send();',
    'if (response.status === 429) {',
    '  // Rate limited: wait as long as the server asks (or a second), then try once more.',
    '  const seconds = Number(response.headers.get("Retry-After")) || 1;',
    '  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));',
    '  response = await send();',
    '}',
    'const body = await response.text();',
  ].map((line) => (line ? indent + line : line));
}

function javascript(request: SampleRequest, env: SampleEnvironment): string {
  const credential = request.secured ? 'credential' : '';
  const parameters = [...(request.secured ? [credential] : []), `baseUrl = ${quoted(request.server)}`].join(', ');
  return [
    `// In a browser: your app passes the credential (${env.credentialVariable} elsewhere in these docs).`,
    `export async function ${request.name}(${parameters}) {`,
    ...fetchCall(request, credential, '  '),
    '  if (!response.ok) throw new Error(`HTTP ${response.status}: ${body}`);',
    '  return JSON.parse(body);',
    '}',
  ].join('\n');
}

function node(request: SampleRequest, env: SampleEnvironment): string {
  return [
    ...(request.body?.multipart?.some((part) => part.file) ? ["import { readFile } from 'node:fs/promises';", ''] : []),
    `const baseUrl = process.env.${env.baseUrlVariable} || ${quoted(request.server)};`,
    ...(request.secured
      ? [
          `const credential = process.env.${env.credentialVariable};`,
          `if (!credential) throw new Error('Set ${env.credentialVariable}');`,
        ]
      : headerComment(request, env.credentialVariable, '//')),
    '',
    ...fetchCall(request, 'credential', '', true),
    'if (!response.ok) {',
    '  console.error(`HTTP ${response.status}: ${body}`);',
    '  process.exit(1);',
    '}',
    'console.log(body);',
  ].join('\n');
}

function python(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, quoted, (value) => `urllib.parse.quote(${value}, safe="")`);
  const query =
    request.query.length > 0
      ? [
          `query = urllib.parse.urlencode([${request.query.map(([n, v]) => `(${quoted(n)}, ${quoted(v)})`).join(', ')}])`,
        ]
      : [];
  const headers = [
    ...(request.secured ? ['"Authorization": "Bearer " + credential'] : []),
    ...request.headers.map(([name, value]) => `${quoted(name)}: ${quoted(value)}`),
  ];
  const multipart = request.body?.multipart;
  if (multipart) headers.push(`"Content-Type": "multipart/form-data; boundary=" + boundary`);
  const form = multipart
    ? [
        '# The multipart body, written out: the standard library has no encoder for it.',
        `boundary = ${quoted(formBoundary)}`,
        'form = b""',
        `for name, value, is_file in [${multipart.map((part) => `(${quoted(part.name)}, ${quoted(part.file ? filePlaceholder : part.value)}, ${part.file ? 'True' : 'False'})`).join(', ')}]:`,
        '    form += f"--{boundary}\\r\\nContent-Disposition: form-data; name=\\"{name}\\"".encode()',
        '    if is_file:',
        '        with open(value, "rb") as file:  # your file',
        '            content = file.read()',
        '        form += f"; filename=\\"{os.path.basename(value)}\\"\\r\\nContent-Type: application/octet-stream".encode()',
        '    else:',
        '        content = value.encode()',
        '    form += b"\\r\\n\\r\\n" + content + b"\\r\\n"',
        'form += f"--{boundary}--\\r\\n".encode()',
      ]
    : [];
  const data = multipart
    ? ['    data=form,']
    : request.body?.form
      ? [
          `    data=urllib.parse.urlencode([${request.body.form.map(([n, v]) => `(${quoted(n)}, ${quoted(v)})`).join(', ')}]).encode(),`,
        ]
      : request.body?.json !== undefined
        ? [`    data=${quoted(request.body.json)}.encode(),`]
        : [];
  return [
    'import os',
    'import sys',
    'import time',
    'import urllib.error',
    'import urllib.parse',
    'import urllib.request',
    '',
    `base_url = os.environ.get(${quoted(env.baseUrlVariable)}) or ${quoted(request.server)}`,
    ...(request.secured
      ? [`credential = os.environ.get(${quoted(env.credentialVariable)}) or sys.exit("Set ${env.credentialVariable}")`]
      : headerComment(request, env.credentialVariable, '#')),
    ...query,
    ...form,
    `url = base_url + ${path}${query.length > 0 ? ' + "?" + query' : ''}`,
    'request = urllib.request.Request(',
    '    url,',
    `    method=${quoted(request.method)},`,
    `    headers={${headers.join(', ')}},`,
    ...data,
    ')',
    'for attempt in range(2):',
    '    try:',
    `        with urllib.request.urlopen(request, timeout=${timeoutSeconds}) as response:`,
    '            print(response.read().decode())',
    '        break',
    '    except urllib.error.HTTPError as error:',
    '        if error.code == 429 and attempt == 0:',
    '            # Rate limited: wait as long as the server asks (or a second), then try once more.',
    '            retry_after = error.headers.get("Retry-After", "")',
    '            time.sleep(int(retry_after) if retry_after.isdigit() else 1)',
    '            continue',
    '        sys.exit(f"HTTP {error.code}: {error.read().decode()}")',
  ].join('\n');
}

function go(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, quoted, (value) => `url.PathEscape(${value})`);
  const headers = [
    ...(request.secured ? ['\t\treq.Header.Set("Authorization", "Bearer "+credential)'] : []),
    ...request.headers.map(([name, value]) => `\t\treq.Header.Set(${quoted(name)}, ${quoted(value)})`),
  ];
  const form = request.body?.form;
  const multipart = request.body?.multipart;
  if (multipart) headers.push('\t\treq.Header.Set("Content-Type", writer.FormDataContentType())');
  const body = multipart
    ? 'bytes.NewReader(payload.Bytes())'
    : form
      ? 'strings.NewReader(form.Encode())'
      : request.body
        ? `strings.NewReader(${quoted(request.body.json ?? '')})`
        : 'nil';
  const imports = [
    ...(multipart ? ['bytes'] : []),
    'fmt',
    'io',
    ...(multipart ? ['mime/multipart'] : []),
    'net/http',
    ...(request.query.length > 0 || form || path.includes('url.') ? ['net/url'] : []),
    'os',
    ...(multipart ? ['path/filepath'] : []),
    'strconv',
    ...(request.body && !multipart ? ['strings'] : []),
    'time',
  ];
  const multipartBody = multipart
    ? [
        '\tpayload := &bytes.Buffer{}',
        '\twriter := multipart.NewWriter(payload)',
        '\tfor _, field := range []struct {',
        '\t\tname, value string',
        '\t\tfile        bool',
        '\t}{',
        ...multipart.map(
          (part) =>
            `\t\t{${quoted(part.name)}, ${quoted(part.file ? filePlaceholder : part.value)}, ${part.file}},${part.file ? ' // your file' : ''}`,
        ),
        '\t} {',
        '\t\tif !field.file {',
        '\t\t\twriter.WriteField(field.name, field.value)',
        '\t\t\tcontinue',
        '\t\t}',
        '\t\tcontent, err := os.ReadFile(field.value)',
        '\t\tif err != nil {',
        '\t\t\tfmt.Fprintln(os.Stderr, err)',
        '\t\t\tos.Exit(1)',
        '\t\t}',
        '\t\tpart, _ := writer.CreateFormFile(field.name, filepath.Base(field.value))',
        '\t\tpart.Write(content)',
        '\t}',
        '\twriter.Close()',
      ]
    : [];
  return [
    'package main',
    '',
    'import (',
    ...imports.map((name) => `\t${quoted(name)}`),
    ')',
    '',
    'func main() {',
    `\tbaseURL := os.Getenv(${quoted(env.baseUrlVariable)})`,
    '\tif baseURL == "" {',
    `\t\tbaseURL = ${quoted(request.server)}`,
    '\t}',
    ...(request.secured
      ? [
          `\tcredential := os.Getenv(${quoted(env.credentialVariable)})`,
          '\tif credential == "" {',
          `\t\tfmt.Fprintln(os.Stderr, "Set ${env.credentialVariable}")`,
          '\t\tos.Exit(1)',
          '\t}',
        ]
      : headerComment(request, env.credentialVariable, '\t//')),
    ...(request.query.length > 0
      ? ['\tquery := url.Values{}', ...request.query.map(([n, v]) => `\tquery.Add(${quoted(n)}, ${quoted(v)})`)]
      : []),
    ...(form ? ['\tform := url.Values{}', ...form.map(([n, v]) => `\tform.Add(${quoted(n)}, ${quoted(v)})`)] : []),
    ...multipartBody,
    `\ttarget := baseURL + ${path}${request.query.length > 0 ? ' + "?" + query.Encode()' : ''}`,
    `\tclient := &http.Client{Timeout: ${timeoutSeconds} * time.Second}`,
    '\tfor attempt := 0; ; attempt++ {',
    `\t\treq, err := http.NewRequest(${quoted(request.method)}, target, ${body})`,
    '\t\tif err != nil {',
    '\t\t\tpanic(err)',
    '\t\t}',
    ...headers,
    '\t\tres, err := client.Do(req)',
    '\t\tif err != nil {',
    '\t\t\tfmt.Fprintln(os.Stderr, err)',
    '\t\t\tos.Exit(1)',
    '\t\t}',
    '\t\tbody, _ := io.ReadAll(res.Body)',
    '\t\tres.Body.Close()',
    '\t\tif res.StatusCode == http.StatusTooManyRequests && attempt == 0 {',
    '\t\t\t// Rate limited: wait as long as the server asks (or a second), then try once more.',
    '\t\t\tseconds, _ := strconv.Atoi(res.Header.Get("Retry-After"))',
    '\t\t\tif seconds < 1 {',
    '\t\t\t\tseconds = 1',
    '\t\t\t}',
    '\t\t\ttime.Sleep(time.Duration(seconds) * time.Second)',
    '\t\t\tcontinue',
    '\t\t}',
    '\t\tif res.StatusCode < 200 || res.StatusCode > 299 {',
    '\t\t\tfmt.Fprintln(os.Stderr, res.Status, string(body))',
    '\t\t\tos.Exit(1)',
    '\t\t}',
    '\t\tfmt.Println(string(body))',
    '\t\treturn',
    '\t}',
    '}',
  ].join('\n');
}

function csharp(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, quoted, (value) => `Uri.EscapeDataString(${value})`);
  const query = request.query
    .map(
      ([name, value], index) =>
        `${quoted(`${index === 0 ? '?' : '&'}${encodeURIComponent(name)}=`)} + Uri.EscapeDataString(${quoted(value)})`,
    )
    .join(' + ');
  const headers = [
    ...(request.secured ? ['request.Headers.TryAddWithoutValidation("Authorization", "Bearer " + credential);'] : []),
    ...request.headers
      .filter(([name]) => name !== 'Content-Type')
      .map(([name, value]) => `request.Headers.TryAddWithoutValidation(${quoted(name)}, ${quoted(value)});`),
  ];
  const multipart = request.body?.multipart;
  const body = multipart
    ? [
        'var form = new MultipartFormDataContent();',
        // Names quoted here: .NET writes them bare, which servers that parse forms as browsers send them refuse.
        ...multipart.flatMap((part, index) =>
          part.file
            ? [
                `var file${index} = new ByteArrayContent(File.ReadAllBytes(${quoted(filePlaceholder)})); // your file`,
                `file${index}.Headers.ContentDisposition = new ContentDispositionHeaderValue("form-data")`,
                `    { Name = ${quoted(`"${part.name}"`)}, FileName = "\\"" + Path.GetFileName(${quoted(filePlaceholder)}) + "\\"" };`,
                `form.Add(file${index});`,
              ]
            : [`form.Add(new StringContent(${quoted(part.value)}), ${quoted(`"${part.name}"`)});`],
        ),
        'request.Content = form;',
      ]
    : request.body?.form
      ? [
          'request.Content = new FormUrlEncodedContent(new Dictionary<string, string>',
          '{',
          ...request.body.form.map(([n, v]) => `    { ${quoted(n)}, ${quoted(v)} },`),
          '});',
        ]
      : request.body?.json !== undefined
        ? [
            `request.Content = new StringContent(${quoted(request.body.json)}, Encoding.UTF8, ${quoted(request.body.contentType)});`,
          ]
        : [];
  const indent = (lines: string[], depth: number) => lines.map((line) => (line ? '    '.repeat(depth) + line : line));
  return [
    'using System;',
    ...(request.body?.form ? ['using System.Collections.Generic;'] : []),
    ...(multipart?.some((part) => part.file) ? ['using System.IO;'] : []),
    'using System.Net.Http;',
    ...(multipart?.some((part) => part.file) ? ['using System.Net.Http.Headers;'] : []),
    ...(request.body?.json !== undefined ? ['using System.Text;'] : []),
    'using System.Threading;',
    '',
    '// A console program for .NET 6 or later (`dotnet run`) or Mono (`mcs -r:System.Net.Http.dll`).',
    'class Program',
    '{',
    '    static int Main()',
    '    {',
    ...indent(
      [
        `var baseUrl = Environment.GetEnvironmentVariable(${quoted(env.baseUrlVariable)});`,
        `if (string.IsNullOrEmpty(baseUrl)) baseUrl = ${quoted(request.server)};`,
        ...(request.secured
          ? [
              `var credential = Environment.GetEnvironmentVariable(${quoted(env.credentialVariable)});`,
              'if (string.IsNullOrEmpty(credential))',
              '{',
              `    Console.Error.WriteLine("Set ${env.credentialVariable}");`,
              '    return 1;',
              '}',
            ]
          : headerComment(request, env.credentialVariable, '//')),
        `var url = baseUrl + ${path}${query ? ` + ${query}` : ''};`,
        `using (var client = new HttpClient { Timeout = TimeSpan.FromSeconds(${timeoutSeconds}) })`,
        '{',
        '    for (var attempt = 0; ; attempt++)',
        '    {',
        ...indent(
          [
            `var request = new HttpRequestMessage(new HttpMethod(${quoted(request.method)}), url);`,
            ...headers,
            ...body,
            'var response = client.SendAsync(request).GetAwaiter().GetResult();',
            'var body = response.Content.ReadAsStringAsync().GetAwaiter().GetResult();',
            'if ((int)response.StatusCode == 429 && attempt == 0)',
            '{',
            '    // Rate limited: wait as long as the server asks (or a second), then try once more.',
            '    var delta = response.Headers.RetryAfter?.Delta;',
            '    Thread.Sleep(delta.HasValue && delta.Value.TotalSeconds >= 1 ? delta.Value : TimeSpan.FromSeconds(1));',
            '    continue;',
            '}',
            'if (!response.IsSuccessStatusCode)',
            '{',
            '    Console.Error.WriteLine("HTTP " + (int)response.StatusCode + ": " + body);',
            '    return 1;',
            '}',
            'Console.WriteLine(body);',
            'return 0;',
          ],
          2,
        ),
        '    }',
        '}',
      ],
      2,
    ),
    '    }',
    '}',
  ].join('\n');
}

function java(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, javaQuoted, (value) => `encode(${value})`);
  const pairs = (list: [string, string][], first: string) =>
    list
      .map(
        ([name, value], index) =>
          `${javaQuoted(`${index === 0 ? first : '&'}${encodeURIComponent(name)}=`)} + encode(${javaQuoted(value)})`,
      )
      .join(' + ');
  const query = pairs(request.query, '?');
  const headers = [
    ...(request.secured ? ['.header("Authorization", "Bearer " + credential)'] : []),
    ...request.headers.map(([name, value]) => `.header(${javaQuoted(name)}, ${javaQuoted(value)})`),
  ];
  const multipart = request.body?.multipart;
  if (multipart) headers.push('.header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)');
  const body = multipart
    ? 'HttpRequest.BodyPublishers.ofByteArray(form.toByteArray())'
    : request.body?.form
      ? `HttpRequest.BodyPublishers.ofString(${pairs(request.body.form, '')})`
      : request.body?.json !== undefined
        ? `HttpRequest.BodyPublishers.ofString(${javaQuoted(request.body.json)})`
        : 'HttpRequest.BodyPublishers.noBody()';
  const multipartImports = multipart ? ['import java.io.ByteArrayOutputStream;', 'import java.io.IOException;'] : [];
  const multipartFiles = multipart ? ['import java.nio.file.Files;', 'import java.nio.file.Path;'] : [];
  return [
    ...multipartImports,
    'import java.net.URI;',
    'import java.net.URLEncoder;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    'import java.nio.charset.StandardCharsets;',
    ...multipartFiles,
    'import java.time.Duration;',
    '',
    '// Java 11 or later: `java Main.java`.',
    'public class Main {',
    ...(multipart ? [`    static final String BOUNDARY = ${javaQuoted(formBoundary)};`, ''] : []),
    '    public static void main(String[] args) throws Exception {',
    `        String baseUrl = env(${javaQuoted(env.baseUrlVariable)}, ${javaQuoted(request.server)});`,
    ...(request.secured
      ? [
          `        String credential = env(${javaQuoted(env.credentialVariable)}, "");`,
          '        if (credential.isEmpty()) {',
          `            System.err.println("Set ${env.credentialVariable}");`,
          '            System.exit(1);',
          '        }',
        ]
      : headerComment(request, env.credentialVariable, '        //')),
    ...(multipart
      ? [
          '        // The multipart body, written out: the standard library has no encoder for it.',
          '        ByteArrayOutputStream form = new ByteArrayOutputStream();',
          ...multipart.map((part) =>
            part.file
              ? `        addFile(form, ${javaQuoted(part.name)}, Path.of(${javaQuoted(filePlaceholder)})); // your file`
              : `        addField(form, ${javaQuoted(part.name)}, ${javaQuoted(part.value)});`,
          ),
          '        form.write(("--" + BOUNDARY + "--\\r\\n").getBytes(StandardCharsets.UTF_8));',
        ]
      : []),
    `        URI uri = URI.create(baseUrl + ${path}${query ? ` + ${query}` : ''});`,
    '        HttpRequest request = HttpRequest.newBuilder(uri)',
    `            .timeout(Duration.ofSeconds(${timeoutSeconds}))`,
    ...headers.map((line) => `            ${line}`),
    `            .method(${javaQuoted(request.method)}, ${body})`,
    '            .build();',
    '        HttpClient client = HttpClient.newHttpClient();',
    '        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    '        if (response.statusCode() == 429) {',
    '            // Rate limited: wait as long as the server asks (or a second), then try once more.',
    '            String retryAfter = response.headers().firstValue("Retry-After").orElse("");',
    '            Thread.sleep(1000L * (retryAfter.matches("\\\\d+") ? Math.max(1, Long.parseLong(retryAfter)) : 1));',
    '            response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    '        }',
    '        if (response.statusCode() / 100 != 2) {',
    '            System.err.println("HTTP " + response.statusCode() + ": " + response.body());',
    '            System.exit(1);',
    '        }',
    '        System.out.println(response.body());',
    '    }',
    '',
    '    static String env(String name, String fallback) {',
    '        String value = System.getenv(name);',
    '        return value == null || value.isEmpty() ? fallback : value;',
    '    }',
    '',
    '    static String encode(String value) {',
    '        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");',
    '    }',
    ...(multipart
      ? [
          '',
          '    static void addField(ByteArrayOutputStream form, String name, String value) throws IOException {',
          '        String head = "--" + BOUNDARY + "\\r\\nContent-Disposition: form-data; name=\\"" + name + "\\"\\r\\n\\r\\n";',
          '        form.write((head + value + "\\r\\n").getBytes(StandardCharsets.UTF_8));',
          '    }',
          '',
          '    static void addFile(ByteArrayOutputStream form, String name, Path file) throws IOException {',
          '        String head = "--" + BOUNDARY + "\\r\\nContent-Disposition: form-data; name=\\"" + name + "\\"; filename=\\""',
          '            + file.getFileName() + "\\"\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n";',
          '        form.write(head.getBytes(StandardCharsets.UTF_8));',
          '        form.write(Files.readAllBytes(file));',
          '        form.write("\\r\\n".getBytes(StandardCharsets.UTF_8));',
          '    }',
        ]
      : []),
    '}',
  ].join('\n');
}

function php(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, singleQuoted, (value) => `rawurlencode(${value})`, ' . ');
  const list = (pairs: [string, string][]) =>
    new Set(pairs.map(([name]) => name)).size === pairs.length
      ? `[${pairs.map(([n, v]) => `${singleQuoted(n)} => ${singleQuoted(v)}`).join(', ')}]`
      : undefined;
  const encodeList = (pairs: [string, string][]) => {
    const unique = list(pairs);
    return unique
      ? `http_build_query(${unique}, '', '&', PHP_QUERY_RFC3986)`
      : `implode('&', [${pairs.map(([n, v]) => `rawurlencode(${singleQuoted(n)}) . '=' . rawurlencode(${singleQuoted(v)})`).join(', ')}])`;
  };
  const headers = [
    ...(request.secured ? ["'Authorization: Bearer ' . $credential"] : []),
    ...request.headers.map(([name, value]) => singleQuoted(`${name}: ${value}`)),
  ];
  const multipart = request.body?.multipart;
  if (multipart) headers.push('"Content-Type: multipart/form-data; boundary=$boundary"');
  const form = multipart
    ? [
        '// The multipart body, written out: PHP has no encoder for it outside the curl extension.',
        `$boundary = ${singleQuoted(formBoundary)};`,
        "$form = '';",
        `foreach ([${multipart.map((part) => `[${singleQuoted(part.name)}, ${singleQuoted(part.file ? filePlaceholder : part.value)}, ${part.file}]`).join(', ')}] as [$name, $value, $isFile]) {`,
        '    $form .= "--$boundary\\r\\nContent-Disposition: form-data; name=\\"$name\\"";',
        '    $form .= $isFile // your file',
        '        ? "; filename=\\"" . basename($value) . "\\"\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n" . file_get_contents($value)',
        '        : "\\r\\n\\r\\n$value";',
        '    $form .= "\\r\\n";',
        '}',
        '$form .= "--$boundary--\\r\\n";',
      ]
    : [];
  const content = multipart
    ? ["        'content' => $form,"]
    : request.body?.form
      ? [`        'content' => ${encodeList(request.body.form)},`]
      : request.body?.json !== undefined
        ? [`        'content' => ${singleQuoted(request.body.json)},`]
        : [];
  return [
    '<?php',
    `$baseUrl = getenv(${singleQuoted(env.baseUrlVariable)}) ?: ${singleQuoted(request.server)};`,
    ...(request.secured
      ? [
          `$credential = getenv(${singleQuoted(env.credentialVariable)});`,
          'if (!$credential) {',
          `    fwrite(STDERR, "Set ${env.credentialVariable}\\n");`,
          '    exit(1);',
          '}',
        ]
      : headerComment(request, env.credentialVariable, '//')),
    `$url = $baseUrl . ${path}${request.query.length > 0 ? ` . '?' . ${encodeList(request.query)}` : ''};`,
    ...form,
    '$context = stream_context_create([',
    "    'http' => [",
    `        'method' => ${singleQuoted(request.method)},`,
    `        'header' => [${headers.join(', ')}],`,
    ...content,
    `        'timeout' => ${timeoutSeconds},`,
    "        'ignore_errors' => true, // an error's body is read too",
    '    ],',
    ']);',
    'for ($attempt = 0; ; $attempt++) {',
    '    $body = file_get_contents($url, false, $context);',
    '    if ($body === false) {',
    '        fwrite(STDERR, "No answer from $url\\n");',
    '        exit(1);',
    '    }',
    "    $status = (int) explode(' ', $http_response_header[0])[1];",
    '    if ($status === 429 && $attempt === 0) {',
    '        // Rate limited: wait as long as the server asks (or a second), then try once more.',
    "        $retryAfter = preg_grep('/^Retry-After:/i', $http_response_header);",
    '        sleep(max(1, (int) substr((string) reset($retryAfter), 12)));',
    '        continue;',
    '    }',
    '    if ($status < 200 || $status > 299) {',
    '        fwrite(STDERR, "HTTP $status: $body\\n");',
    '        exit(1);',
    '    }',
    '    echo $body, "\\n";',
    '    break;',
    '}',
  ].join('\n');
}

function ruby(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, singleQuoted, (value) => `ERB::Util.url_encode(${value})`);
  const pairs = (list: [string, string][]) =>
    `[${list.map(([n, v]) => `[${singleQuoted(n)}, ${singleQuoted(v)}]`).join(', ')}]`;
  const className = request.method[0] + request.method.slice(1).toLowerCase();
  // A file field is sent from an open file (Net::HTTP copies it into the body), rewound for a retry.
  const files = (request.body?.multipart ?? []).filter((part) => part.file);
  return [
    ...(request.path.some((part) => 'value' in part) ? ["require 'erb'"] : []),
    "require 'net/http'",
    "require 'uri'",
    '',
    `base_url = ENV[${singleQuoted(env.baseUrlVariable)}].to_s`,
    `base_url = ${singleQuoted(request.server)} if base_url.empty?`,
    ...(request.secured
      ? [
          `credential = ENV[${singleQuoted(env.credentialVariable)}].to_s`,
          `abort 'Set ${env.credentialVariable}' if credential.empty?`,
        ]
      : headerComment(request, env.credentialVariable, '#')),
    `uri = URI(base_url + ${path})`,
    ...(request.query.length > 0 ? [`uri.query = URI.encode_www_form(${pairs(request.query)})`] : []),
    `request = Net::HTTP::${className}.new(uri)`,
    ...(request.secured ? ['request[\'Authorization\'] = "Bearer #{credential}"'] : []),
    ...request.headers.map(([name, value]) => `request[${singleQuoted(name)}] = ${singleQuoted(value)}`),
    ...(request.body?.multipart
      ? [
          ...(files.length > 0
            ? [
                `files = { ${files.map((part) => `${singleQuoted(part.name)} => File.open(${singleQuoted(filePlaceholder)}, 'rb')`).join(', ')} } # your files`,
              ]
            : []),
          'request.set_form([',
          ...request.body.multipart.map((part) =>
            part.file
              ? `  [${singleQuoted(part.name)}, files[${singleQuoted(part.name)}]],`
              : `  [${singleQuoted(part.name)}, ${singleQuoted(part.value)}],`,
          ),
          "], 'multipart/form-data')",
        ]
      : request.body?.form
        ? [`request.body = URI.encode_www_form(${pairs(request.body.form)})`]
        : request.body?.json !== undefined
          ? [`request.body = ${singleQuoted(request.body.json)}`]
          : []),
    'response = nil',
    '2.times do |attempt|',
    ...(files.length > 0 ? ['  files.each_value(&:rewind)'] : []),
    `  response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https', open_timeout: ${timeoutSeconds}, read_timeout: ${timeoutSeconds}) do |http|`,
    '    http.request(request)',
    '  end',
    "  break unless response.code == '429' && attempt.zero?",
    '  # Rate limited: wait as long as the server asks (or a second), then try once more.',
    "  sleep [response['Retry-After'].to_i, 1].max",
    'end',
    'abort "HTTP #{response.code}: #{response.body}" unless response.is_a?(Net::HTTPSuccess)',
    'puts response.body',
  ].join('\n');
}

function perl(request: SampleRequest, env: SampleEnvironment): string {
  const pairs = (list: [string, string][]) =>
    `[${list.map(([n, v]) => `${singleQuoted(n)} => ${singleQuoted(v)}`).join(', ')}]`;
  const headers = [
    ...(request.secured ? ['\'Authorization\' => "Bearer $credential"'] : []),
    ...request.headers.map(([name, value]) => `${singleQuoted(name)} => ${singleQuoted(value)}`),
  ];
  const multipart = request.body?.multipart;
  if (multipart) headers.push('\'Content-Type\' => "multipart/form-data; boundary=$boundary"');
  const form = multipart
    ? [
        '# The multipart body, written out: HTTP::Tiny has no encoder for it.',
        `my $boundary = ${singleQuoted(formBoundary)};`,
        "my $form = '';",
        `for my $part (${multipart.map((part) => `[${singleQuoted(part.name)}, ${singleQuoted(part.file ? filePlaceholder : part.value)}, ${part.file ? 1 : 0}]`).join(', ')}) {`,
        '    my ($name, $value, $is_file) = @$part;',
        '    $form .= "--$boundary\\r\\nContent-Disposition: form-data; name=\\"" . encode_utf8($name) . "\\"";',
        '    if ($is_file) { # your file',
        '        open my $file, \'<:raw\', $value or die "Cannot read $value: $!\\n";',
        '        my $content = do { local $/; <$file> };',
        '        my ($file_name) = $value =~ m{([^/]+)$};',
        '        $form .= "; filename=\\"$file_name\\"\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n$content\\r\\n";',
        '    } else {',
        '        $form .= "\\r\\n\\r\\n" . encode_utf8($value) . "\\r\\n";',
        '    }',
        '}',
        '$form .= "--$boundary--\\r\\n";',
      ]
    : [];
  const content = multipart
    ? ['    content => $form,']
    : request.body?.form
      ? [`    content => $http->www_form_urlencode(${pairs(request.body.form)}),`]
      : request.body?.json !== undefined
        ? [`    content => ${singleQuoted(request.body.json)},`]
        : [];
  return [
    'use strict;',
    'use warnings;',
    'use utf8; # the literals below are text, not bytes',
    ...(multipart ? ['use Encode qw(encode_utf8);'] : []),
    'use HTTP::Tiny;',
    '',
    `my $base_url = $ENV{${env.baseUrlVariable}} || ${singleQuoted(request.server)};`,
    ...(request.secured
      ? [`my $credential = $ENV{${env.credentialVariable}} or die "Set ${env.credentialVariable}\\n";`]
      : headerComment(request, env.credentialVariable, '#')),
    `my $http = HTTP::Tiny->new(timeout => ${timeoutSeconds});`,
    ...form,
    `my $url = $base_url . ${singleQuoted(encodedPath(request))}${request.query.length > 0 ? ` . '?' . $http->www_form_urlencode(${pairs(request.query)})` : ''};`,
    'my %options = (',
    `    headers => { ${headers.join(', ')} },`,
    ...content,
    ');',
    'my $response;',
    'for my $attempt (0, 1) {',
    `    $response = $http->request(${singleQuoted(request.method)}, $url, \\%options);`,
    '    last unless $response->{status} == 429 && $attempt == 0;',
    '    # Rate limited: wait as long as the server asks (or a second), then try once more.',
    "    my $retry_after = $response->{headers}{'retry-after'} // '';",
    '    sleep($retry_after =~ /^\\d+$/ && $retry_after > 0 ? $retry_after : 1);',
    '}',
    'die "HTTP $response->{status}: $response->{content}\\n" unless $response->{success};',
    'print $response->{content}, "\\n";',
  ].join('\n');
}

/** The path a file field of a multipart sample reads, and the file name it sends. */
const filePlaceholder = 'path/to/file';
const fileName = 'file';

const renderers: Record<SampleLanguage, (request: SampleRequest, env: SampleEnvironment) => string> = {
  curl,
  javascript,
  node,
  python,
  go,
  csharp,
  java,
  php,
  ruby,
  perl,
};

/**
 * The code samples of an operation: one request, with the document's example values (or the reader's, from the
 * explorer), in every language or only in `only`.
 */
export function codeSamples(
  view: OperationView,
  options: SampleOptions,
  only?: readonly SampleLanguage[],
): CodeSample[] {
  const request = sampleRequest(view, options);
  return sampleLanguages
    .filter(({ id }) => !only || only.includes(id))
    .map(({ id, label, prism }) => ({
      language: id,
      label,
      prism,
      code: renderers[id](request, options),
    }));
}
