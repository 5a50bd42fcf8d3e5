import { timeoutSeconds, type SampleRequest, filePlaceholder, fileName } from './request';
import { quoted } from './quoting';

/** The fetch call, the 429 retry and the status check JavaScript in a browser and Node.js share. */
/** `readsFiles`: Node.js reads a file field from its path; a browser's sample shows where the bytes go. */
export function fetchCall(request: SampleRequest, credential: string, indent: string, readsFiles = false): string[] {
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
