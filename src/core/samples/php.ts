import { formBoundary } from '../openapi/request';
import type { SampleEnvironment } from './settings';
import {
  timeoutSeconds,
  type SampleRequest,
  pathExpression,
  headerComment,
  filePlaceholder,
  credentialHeaders,
  credentialQuery,
} from './request';
import { singleQuoted } from './quoting';

export function php(request: SampleRequest, env: SampleEnvironment): string {
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
  const syntax = {
    quote: singleQuoted,
    join: ' . ',
    base64: (expression: string) => `base64_encode(${expression})`,
  };
  const variable = (local: string) => `$${local}`;
  const queryParts = [
    ...(request.query.length > 0 ? [encodeList(request.query)] : []),
    ...credentialQuery(request).map(
      ([name, local]) => `rawurlencode(${singleQuoted(name)}) . '=' . rawurlencode(${variable(local)})`,
    ),
  ];
  const headers = [
    ...credentialHeaders(
      { ...request, credentials: request.credentials.map((c) => ({ ...c, local: variable(c.local) })) },
      syntax,
    ).map(([name, value]) =>
      // `'Authorization: ' . 'Bearer ' . $credential` reads as one literal: 'Authorization: Bearer ' . $credential.
      `${singleQuoted(`${name}: `)} . ${value}`.replace(/^'((?:[^'\\]|\\.)*)' \. '/, "'$1"),
    ),
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
    ...request.credentials.flatMap(({ variable: name, local }) => [
      `${variable(local)} = getenv(${singleQuoted(name)});`,
      `if (!${variable(local)}) {`,
      `    fwrite(STDERR, "Set ${name}\\n");`,
      '    exit(1);',
      '}',
    ]),
    ...headerComment(request, env.credentialVariable, '//'),
    `$url = $baseUrl . ${path}${queryParts.length > 0 ? ` . '?' . ${queryParts.join(" . '&' . ")}` : ''};`,
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
