import { formBoundary } from '../openapi/request';
import type { SampleEnvironment } from './settings';
import {
  timeoutSeconds,
  type SampleRequest,
  encodedPath,
  headerComment,
  filePlaceholder,
  credentialHeaders,
  credentialQuery,
  usesBasic,
} from './request';
import { singleQuoted } from './quoting';

export function perl(request: SampleRequest, env: SampleEnvironment): string {
  const pairs = (list: [string, string][]) =>
    `[${list.map(([n, v]) => `${singleQuoted(n)} => ${singleQuoted(v)}`).join(', ')}]`;
  const variable = (local: string) => `$${local}`;
  const syntax = {
    quote: singleQuoted,
    join: ' . ',
    base64: (expression: string) => `encode_base64(${expression}, '')`,
  };
  const queryPairs = [
    ...request.query.map(([n, v]) => `${singleQuoted(n)} => ${singleQuoted(v)}`),
    ...credentialQuery(request).map(([n, local]) => `${singleQuoted(n)} => ${variable(local)}`),
  ];
  const headers = [
    ...credentialHeaders(
      { ...request, credentials: request.credentials.map((c) => ({ ...c, local: variable(c.local) })) },
      syntax,
    ).map(([name, value]) => `${singleQuoted(name)} => ${value}`),
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
    ...(usesBasic(request) ? ['use MIME::Base64 qw(encode_base64);'] : []),
    '',
    `my $base_url = $ENV{${env.baseUrlVariable}} || ${singleQuoted(request.server)};`,
    ...request.credentials.map(
      ({ variable: name, local }) => `my ${variable(local)} = $ENV{${name}} or die "Set ${name}\\n";`,
    ),
    ...headerComment(request, env.credentialVariable, '#'),
    `my $http = HTTP::Tiny->new(timeout => ${timeoutSeconds});`,
    ...form,
    `my $url = $base_url . ${singleQuoted(encodedPath(request))}${queryPairs.length > 0 ? ` . '?' . $http->www_form_urlencode([${queryPairs.join(', ')}])` : ''};`,
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
