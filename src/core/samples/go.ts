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

export function go(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, quoted, (value) => `url.PathEscape(${value})`);
  const syntax = {
    quote: quoted,
    join: '+',
    base64: (expression: string) => `base64.StdEncoding.EncodeToString([]byte(${expression}))`,
  };
  const queryCredentials = credentialQuery(request);
  const hasQuery = request.query.length > 0 || queryCredentials.length > 0;
  const headers = [
    ...credentialHeaders(request, syntax).map(([name, value]) => `\t\treq.Header.Set(${quoted(name)}, ${value})`),
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
    ...(usesBasic(request) ? ['encoding/base64'] : []),
    'fmt',
    'io',
    ...(multipart ? ['mime/multipart'] : []),
    'net/http',
    ...(hasQuery || form || path.includes('url.') ? ['net/url'] : []),
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
    ...request.credentials.flatMap(({ variable, local }) => [
      `\t${local} := os.Getenv(${quoted(variable)})`,
      `\tif ${local} == "" {`,
      `\t\tfmt.Fprintln(os.Stderr, "Set ${variable}")`,
      '\t\tos.Exit(1)',
      '\t}',
    ]),
    ...headerComment(request, env.credentialVariable, '\t//'),
    ...(hasQuery
      ? [
          '\tquery := url.Values{}',
          ...request.query.map(([n, v]) => `\tquery.Add(${quoted(n)}, ${quoted(v)})`),
          ...queryCredentials.map(([n, local]) => `\tquery.Add(${quoted(n)}, ${local})`),
        ]
      : []),
    ...(form ? ['\tform := url.Values{}', ...form.map(([n, v]) => `\tform.Add(${quoted(n)}, ${quoted(v)})`)] : []),
    ...multipartBody,
    `\ttarget := baseURL + ${path}${hasQuery ? ' + "?" + query.Encode()' : ''}`,
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
