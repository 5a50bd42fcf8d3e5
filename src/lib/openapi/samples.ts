import { buildRequest, sampleBody, sampleValues, type HttpRequest } from './request';
import type { OperationView } from './view';

/** The languages every operation page shows, in tab order. `prism` is the highlighter's language name. */
export const sampleLanguages = [
  { id: 'curl', label: 'curl', prism: 'bash' },
  { id: 'javascript', label: 'JavaScript', prism: 'javascript' },
  { id: 'python', label: 'Python', prism: 'python' },
  { id: 'go', label: 'Go', prism: 'go' },
  { id: 'csharp', label: 'C#', prism: 'csharp' },
] as const;

export type SampleLanguage = (typeof sampleLanguages)[number]['id'];

export interface CodeSample {
  language: SampleLanguage;
  label: string;
  prism: string;
  code: string;
}

export interface SampleOptions {
  serverUrl: string;
  /** Environment variable that holds the credential, such as `ARENA_API_KEY`. */
  credentialVariable: string;
}

/** Stands in for the credential until each language puts its own environment lookup there. */
const credentialMark = '\u0000credential\u0000';

/** A double-quoted string literal valid in JavaScript, Python, Go and C# (JSON's escaping is common to all four). */
function quoted(value: string): string {
  return JSON.stringify(value);
}

function shellQuoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Splits a header value around the credential, so each language can join its parts its own way. */
function headerParts(value: string): { before: string; after: string } | undefined {
  const index = value.indexOf(credentialMark);
  return index < 0 ? undefined : { before: value.slice(0, index), after: value.slice(index + credentialMark.length) };
}

/**
 * A header value as a string expression that joins its literal parts and the credential lookup with `+`, the
 * concatenation Python, Go and C# share; a value without the credential is a plain literal.
 */
function concatenated(value: string, lookup: string): string {
  const parts = headerParts(value);
  if (!parts) return quoted(value);
  return `${quoted(parts.before)} + ${lookup}${parts.after ? ` + ${quoted(parts.after)}` : ''}`;
}

function curl(request: HttpRequest, variable: string): string {
  const lines = [`curl --request ${request.method} ${shellQuoted(request.url)}`];
  for (const [name, value] of request.headers) {
    const parts = headerParts(value);
    // Double quotes let the shell expand the variable; the rest of the value is plain ASCII here.
    lines.push(
      parts
        ? `--header "${name}: ${parts.before}$${variable}${parts.after}"`
        : `--header ${shellQuoted(`${name}: ${value}`)}`,
    );
  }
  if (request.body !== undefined) lines.push(`--data ${shellQuoted(request.body)}`);
  return lines.join(' \\\n  ');
}

function javascript(request: HttpRequest, variable: string): string {
  const headers = request.headers.map(([name, value]) => {
    const parts = headerParts(value);
    const literal = parts ? `\`${parts.before}\${process.env.${variable}}${parts.after}\`` : quoted(value);
    return `    ${quoted(name)}: ${literal},`;
  });
  const body = request.body !== undefined ? [`  body: ${quoted(request.body)},`] : [];
  return [
    `const response = await fetch(${quoted(request.url)}, {`,
    `  method: ${quoted(request.method)},`,
    '  headers: {',
    ...headers,
    '  },',
    ...body,
    '});',
    'if (!response.ok) throw new Error(`HTTP ${response.status}`);',
    'console.log(await response.json());',
  ].join('\n');
}

function python(request: HttpRequest, variable: string): string {
  const headers = request.headers.map(
    ([name, value]) => `        ${quoted(name)}: ${concatenated(value, `os.environ[${quoted(variable)}]`)},`,
  );
  const data = request.body !== undefined ? [`    data=${quoted(request.body)}.encode(),`] : [];
  return [
    'import json',
    'import os',
    'import urllib.request',
    '',
    'request = urllib.request.Request(',
    `    ${quoted(request.url)},`,
    `    method=${quoted(request.method)},`,
    '    headers={',
    ...headers,
    '    },',
    ...data,
    ')',
    'with urllib.request.urlopen(request) as response:',
    '    print(json.load(response))',
  ].join('\n');
}

function go(request: HttpRequest, variable: string): string {
  const headers = request.headers.map(
    ([name, value]) => `\treq.Header.Set(${quoted(name)}, ${concatenated(value, `os.Getenv(${quoted(variable)})`)})`,
  );
  const body = request.body !== undefined ? `strings.NewReader(${quoted(request.body)})` : 'nil';
  const imports = ['"fmt"', '"io"', '"net/http"', '"os"', ...(request.body !== undefined ? ['"strings"'] : [])];
  return [
    'package main',
    '',
    'import (',
    ...imports.map((name) => `\t${name}`),
    ')',
    '',
    'func main() {',
    `\treq, err := http.NewRequest(${quoted(request.method)}, ${quoted(request.url)}, ${body})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    ...headers,
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(res.Status, string(body))',
    '}',
  ].join('\n');
}

function csharp(request: HttpRequest, variable: string): string {
  const contentType = request.headers.find(([name]) => name === 'Content-Type')?.[1];
  const headers = request.headers
    .filter(([name]) => name !== 'Content-Type')
    .map(([name, value]) => {
      const literal = concatenated(value, `Environment.GetEnvironmentVariable(${quoted(variable)})`);
      return `request.Headers.TryAddWithoutValidation(${quoted(name)}, ${literal});`;
    });
  const body =
    request.body !== undefined
      ? [
          `request.Content = new StringContent(${quoted(request.body)}, Encoding.UTF8, ${quoted(contentType ?? 'application/json')});`,
        ]
      : [];
  return [
    'using System.Net.Http;',
    ...(request.body !== undefined ? ['using System.Text;'] : []),
    '',
    'using var client = new HttpClient();',
    `using var request = new HttpRequestMessage(new HttpMethod(${quoted(request.method)}), ${quoted(request.url)});`,
    ...headers,
    ...body,
    'using var response = await client.SendAsync(request);',
    'response.EnsureSuccessStatusCode();',
    'Console.WriteLine(await response.Content.ReadAsStringAsync());',
  ].join('\n');
}

const renderers: Record<SampleLanguage, (request: HttpRequest, variable: string) => string> = {
  curl,
  javascript,
  python,
  go,
  csharp,
};

/** The code samples of an operation: one request, with the document's example values, in every language. */
export function codeSamples(view: OperationView, options: SampleOptions): CodeSample[] {
  const request = buildRequest(view, {
    serverUrl: options.serverUrl,
    values: sampleValues(view),
    credential: credentialMark,
    body: sampleBody(view),
  });
  return sampleLanguages.map(({ id, label, prism }) => ({
    language: id,
    label,
    prism,
    code: renderers[id](request, options.credentialVariable),
  }));
}
