import {
  timeoutSeconds,
  type SampleRequest,
  filePlaceholder,
  fileName,
  credentialHeaders,
  credentialQuery,
  type CredentialSyntax,
} from './request';
import { quoted } from './quoting';

/** The fetch call, the 429 retry and the status check JavaScript in a browser and Node.js share. */
/**
 * `inNode`: Node.js reads a file field from its path and encodes Base64 with Buffer; a browser's sample shows where
 * the bytes go, encodes with btoa, and leaves a cookie credential to the browser (a page cannot set `Cookie`).
 */
export function fetchCall(request: SampleRequest, indent: string, inNode = false): string[] {
  const syntax: CredentialSyntax = {
    quote: quoted,
    join: ' + ',
    base64: (expression) => (inNode ? `Buffer.from(${expression}).toString("base64")` : `btoa(${expression})`),
  };
  const browserCookies = !inNode && request.credentials.some(({ placement }) => placement.in === 'cookie');
  const headers = [
    ...credentialHeaders(request, syntax)
      .filter(([name]) => inNode || name !== 'Cookie')
      .map(([name, value]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : quoted(name)}: ${value}`),
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
            ? inNode
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
    ...credentialQuery(request).map(([name, local]) => `url.searchParams.append(${quoted(name)}, ${local});`),
    'const send = () =>',
    '  fetch(url, {',
    `    method: ${quoted(request.method)},`,
    `    headers: { ${headers.join(', ')} },`,
    ...body.map((line) => `  ${line}`),
    // The browser sends its own cookie for the API's site, when the API allows credentials from this origin.
    ...(browserCookies ? ['    credentials: "include",'] : []),
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
