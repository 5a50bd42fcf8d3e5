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
import { javaQuoted } from './quoting';

export function java(request: SampleRequest, env: SampleEnvironment): string {
  const path = pathExpression(request, javaQuoted, (value) => `encode(${value})`);
  /** Name and value pairs, each value a literal or, for a credential, an expression. */
  const expressions = (list: [string, string][], first: string) =>
    list
      .map(
        ([name, value], index) =>
          `${javaQuoted(`${index === 0 ? first : '&'}${encodeURIComponent(name)}=`)} + encode(${value})`,
      )
      .join(' + ');
  const pairs = (list: [string, string][], first: string) =>
    expressions(
      list.map(([name, value]): [string, string] => [name, javaQuoted(value)]),
      first,
    );
  const query = expressions(
    [...request.query.map(([name, value]): [string, string] => [name, javaQuoted(value)]), ...credentialQuery(request)],
    '?',
  );
  const syntax = {
    quote: javaQuoted,
    join: ' + ',
    base64: (expression: string) =>
      `java.util.Base64.getEncoder().encodeToString(${expression}.getBytes(StandardCharsets.UTF_8))`,
  };
  const headers = [
    ...credentialHeaders(request, syntax).map(([name, value]) => `.header(${javaQuoted(name)}, ${value})`),
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
    ...request.credentials.flatMap(({ variable, local }) => [
      `        String ${local} = env(${javaQuoted(variable)}, "");`,
      `        if (${local}.isEmpty()) {`,
      `            System.err.println("Set ${variable}");`,
      '            System.exit(1);',
      '        }',
    ]),
    ...headerComment(request, env.credentialVariable, '        //'),
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
