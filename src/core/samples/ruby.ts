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

export function ruby(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, singleQuoted, (value) => `ERB::Util.url_encode(${value})`);
  const pairs = (list: [string, string][]) =>
    `[${list.map(([n, v]) => `[${singleQuoted(n)}, ${singleQuoted(v)}]`).join(', ')}]`;
  const queryPairs = [
    ...request.query.map(([n, v]) => `[${singleQuoted(n)}, ${singleQuoted(v)}]`),
    ...credentialQuery(request).map(([n, local]) => `[${singleQuoted(n)}, ${local}]`),
  ];
  const syntax = {
    quote: singleQuoted,
    join: ' + ',
    // `pack('m0')`: Base64 without line breaks, from the core (the base64 library left Ruby's defaults in 3.4).
    base64: (expression: string) => `[${expression}].pack('m0')`,
  };
  // Net::HTTP has a class per standard method; any other (OpenAPI 3.2's QUERY, an additional operation's COPY) goes
  // through its generic request, which takes the method by name and says whether a body is sent.
  const standard = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'].includes(request.method);
  const className = request.method[0] + request.method.slice(1).toLowerCase();
  const created = standard
    ? `Net::HTTP::${className}.new(uri)`
    : `Net::HTTPGenericRequest.new(${singleQuoted(request.method)}, ${request.body ? 'true' : 'false'}, true, uri)`;
  // A file field is sent from an open file (Net::HTTP copies it into the body), rewound for a retry.
  const files = (request.body?.multipart ?? []).filter((part) => part.file);
  return [
    ...(request.path.some((part) => 'value' in part) ? ["require 'erb'"] : []),
    "require 'net/http'",
    "require 'uri'",
    '',
    `base_url = ENV[${singleQuoted(env.baseUrlVariable)}].to_s`,
    `base_url = ${singleQuoted(request.server)} if base_url.empty?`,
    ...request.credentials.flatMap(({ variable, local }) => [
      `${local} = ENV[${singleQuoted(variable)}].to_s`,
      `abort 'Set ${variable}' if ${local}.empty?`,
    ]),
    ...headerComment(request, env.credentialVariable, '#'),
    `uri = URI(base_url + ${path})`,
    ...(queryPairs.length > 0 ? [`uri.query = URI.encode_www_form([${queryPairs.join(', ')}])`] : []),
    `request = ${created}`,
    ...credentialHeaders(request, syntax).map(([name, value]) => `request[${singleQuoted(name)}] = ${value}`),
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
