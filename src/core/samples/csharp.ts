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

export function csharp(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, quoted, (value) => `Uri.EscapeDataString(${value})`);
  const query = [
    ...request.query.map(([name, value]): [string, string] => [name, quoted(value)]),
    ...credentialQuery(request),
  ]
    .map(
      ([name, value], index) =>
        `${quoted(`${index === 0 ? '?' : '&'}${encodeURIComponent(name)}=`)} + Uri.EscapeDataString(${value})`,
    )
    .join(' + ');
  const syntax = {
    quote: quoted,
    join: ' + ',
    base64: (expression: string) => `Convert.ToBase64String(Encoding.UTF8.GetBytes(${expression}))`,
  };
  const headers = [
    ...credentialHeaders(request, syntax).map(
      ([name, value]) => `request.Headers.TryAddWithoutValidation(${quoted(name)}, ${value});`,
    ),
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
    ...(request.body?.json !== undefined || usesBasic(request) ? ['using System.Text;'] : []),
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
        ...request.credentials.flatMap(({ variable, local }) => [
          `var ${local} = Environment.GetEnvironmentVariable(${quoted(variable)});`,
          `if (string.IsNullOrEmpty(${local}))`,
          '{',
          `    Console.Error.WriteLine("Set ${variable}");`,
          '    return 1;',
          '}',
        ]),
        ...headerComment(request, env.credentialVariable, '//'),
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
