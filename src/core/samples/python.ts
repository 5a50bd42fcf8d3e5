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
  usesBasic,
} from './request';
import { quoted } from './quoting';

export function python(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, quoted, (value) => `urllib.parse.quote(${value}, safe="")`);
  const pairs = [
    ...request.query.map(([n, v]) => `(${quoted(n)}, ${quoted(v)})`),
    ...credentialQuery(request).map(([n, local]) => `(${quoted(n)}, ${local})`),
  ];
  const query = pairs.length > 0 ? [`query = urllib.parse.urlencode([${pairs.join(', ')}])`] : [];
  const syntax = {
    quote: quoted,
    join: ' + ',
    base64: (expression: string) => `base64.b64encode(${expression}.encode()).decode()`,
  };
  const headers = [
    ...credentialHeaders(request, syntax).map(([name, value]) => `${quoted(name)}: ${value}`),
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
    ...(usesBasic(request) ? ['import base64'] : []),
    'import os',
    'import sys',
    'import time',
    'import urllib.error',
    'import urllib.parse',
    'import urllib.request',
    '',
    `base_url = os.environ.get(${quoted(env.baseUrlVariable)}) or ${quoted(request.server)}`,
    ...request.credentials.map(
      ({ variable, local }) => `${local} = os.environ.get(${quoted(variable)}) or sys.exit("Set ${variable}")`,
    ),
    ...headerComment(request, env.credentialVariable, '#'),
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
