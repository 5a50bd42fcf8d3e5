import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { uploadDocument } from '../../../tests/fixtures/uploadDocument';
import { codeSamplesDocument } from '../../../tests/fixtures/codeSamplesDocument';
import { getOperation, type HttpMethod, type JsonObject } from '../openapi/document';
import { codeSamples, sampleLanguages, sampleServer, type CodeSample, type SampleOptions } from './index';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationView, type OperationView } from '../openapi/view';

const run = promisify(execFile);
const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');
const environment = { credentialVariable: 'ARENA_API_KEY', baseUrlVariable: 'ARENA_DATA_API_URL' };

function samplesOf(
  document: JsonObject,
  path: string,
  method: HttpMethod = 'get',
  options: Partial<SampleOptions> = {},
) {
  const view = operationView(document, 'x', getOperation(document, path, method));
  return Object.fromEntries(
    codeSamples(view, { serverUrl: 'https://open.arena.example/data/v4', ...environment, ...options }).map((sample) => [
      sample.language,
      sample,
    ]),
  ) as Record<CodeSample['language'], CodeSample>;
}

describe('codeSamples', () => {
  const samples = samplesOf(data, '/championships');

  test("are the portal's ten only: a document's own samples are data of the view, never written or run here", () => {
    const own = codeSamplesDocument();
    const view = operationView(own, 'x', getOperation(own, '/provider'));
    expect(view.documentSamples?.length).toBeGreaterThan(0);
    const written = codeSamples(view, { serverUrl: 'https://open.arena.example/v1', ...environment });
    expect(written.map((sample) => sample.language)).toEqual(sampleLanguages.map((language) => language.id));
    for (const sample of written) expect(sample.code).not.toContain('arena.Client()');
  });

  test('come in ten languages, in tab order', () => {
    expect(Object.keys(samples)).toEqual(sampleLanguages.map((language) => language.id));
    expect(Object.keys(samples).length).toBeGreaterThanOrEqual(10);
  });

  test.each(sampleLanguages.map((language) => language.id))(
    '%s reads the credential and the base URL from the environment (a browser: from its caller), with production as the default',
    (language) => {
      const { code } = samples[language];
      expect(code).toContain('https://open.arena.example/data/v4');
      expect(code).toContain(language === 'javascript' ? 'credential' : 'ARENA_API_KEY');
      if (language !== 'javascript') expect(code).toContain('ARENA_DATA_API_URL');
      expect(code).toMatch(/30/); // the timeout
      expect(code).toMatch(/429|--retry|Retry-After/i);
      expect(code).not.toContain('\u0000');
    },
  );

  test('the query is built by the language, from the raw value', () => {
    const typed = samplesOf(data, '/search/players', 'get', { values: { nickname: 'Kestrel & Co' } });
    expect(typed.curl.code).toContain("--data-urlencode 'nickname=Kestrel & Co'");
    expect(typed.python.code).toContain('("nickname", "Kestrel & Co")');
    expect(typed.go.code).toContain('query.Add("nickname", "Kestrel & Co")');
    expect(typed.node.code).toContain('url.searchParams.append("nickname", "Kestrel & Co")');
  });

  test('Java literals are ASCII, so javac reads them in any platform encoding', () => {
    const typed = samplesOf(data, '/search/players', 'get', { values: { nickname: 'Kést\u0001rel' } });
    expect(typed.java.code).toContain('"K\\u00e9st\\1rel"');
    expect([...typed.java.code].every((char) => char.charCodeAt(0) < 128)).toBe(true);
  });

  test('a form body is written as a form in every language, never as JSON', () => {
    const view = operationView(chat, 'chat-v1', getOperation(chat, '/rooms/{room_id}/messages', 'post'));
    const form = codeSamples(view, {
      serverUrl: 'https://open.arena.example/chat/v1',
      ...environment,
      body: { contentType: 'application/x-www-form-urlencoded', value: { body: 'GG & well played' } },
    });
    for (const sample of form) {
      expect(sample.code, sample.language).toMatch(
        /x-www-form-urlencoded|URLSearchParams|FormUrlEncodedContent|urlencode|data-urlencode|encode_www_form|build_query/,
      );
      expect(sample.code, sample.language).not.toContain('{"body"');
    }
  });

  test('a hostile value cannot break out of the shell quoting', async () => {
    const document: JsonObject = {
      openapi: '3.1.0',
      paths: {
        '/x': {
          get: {
            operationId: 'x',
            parameters: [
              { name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: "'; rm -rf / #" },
            ],
          },
        },
      },
    };
    const { curl } = samplesOf(document, '/x');
    // The shell hands curl the arguments exactly as built, and runs nothing else.
    const { stdout } = await run('bash', ['-c', `curl() { printf '%s\\n' "$@"; }\n${curl.code}`], {
      env: { PATH: process.env.PATH, ARENA_API_KEY: 'k' },
    });
    expect(stdout.split('\n')).toContain("q='; rm -rf / #");
  });
});

describe('request bodies of other providers', () => {
  const base = uploadDocument("it's");
  const files = (base.paths as JsonObject)['/files'] as JsonObject;
  const upload: JsonObject = {
    ...base,
    paths: {
      '/files': {
        ...files,
        put: {
          operationId: 'rename',
          requestBody: {
            content: {
              'application/xml': { schema: { type: 'object' } },
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 8 } } },
              },
            },
          },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };

  test('a multipart body: curl sends each field with --form (a file read from a path), JavaScript with FormData', () => {
    const samples = samplesOf(upload, '/files', 'post');
    expect(samples.curl.code).toContain("--form 'file=@path/to/file'");
    expect(samples.curl.code).toContain("--form-string 'title=it'\\''s'");
    // curl and fetch write the Content-Type with their boundary; a fixed one would break the body.
    expect(samples.curl.code).not.toContain('Content-Type');
    expect(samples.node.code).toContain('form.append("title", "it\'s");');
    expect(samples.node.code).toContain('body: form,');
    expect(samples.javascript.code).toContain('form.append("file", new Blob(');
  });

  test('a multipart body in every other language: the text field, the file read from its path, the boundary named', () => {
    // Run against a server in samples.integration.test.ts; here, what a reader sees of each.
    const samples = samplesOf(upload, '/files', 'post');
    for (const language of ['python', 'go', 'csharp', 'java', 'php', 'ruby', 'perl'] as const) {
      const { code } = samples[language];
      expect(code, language).toContain('path/to/file');
      // The field's name as a string literal (C# quotes it inside one: `"\"title\""`).
      expect(code, language).toMatch(/["'](\\")?title/);
      expect(code, language).toMatch(/your files?\b/);
      expect(code, language).not.toMatch(/Content-Type\W+application\/json/);
    }
    // Where the sample writes the body itself, the Content-Type names the boundary it writes; a client that encodes
    // the form (Go, C#, Ruby) names its own.
    for (const language of ['python', 'java', 'php', 'perl'] as const) {
      expect(samples[language].code, language).toContain('SampleFormBoundary7MA4YWxk');
      expect(samples[language].code, language).toMatch(/multipart\/form-data; boundary=/);
    }
    expect(samples.go.code).toContain('writer.FormDataContentType()');
    expect(samples.ruby.code).toContain("'multipart/form-data')");
  });

  test('a body without an example is built from its schema, a form preferred to a type the samples cannot send', () => {
    const samples = samplesOf(upload, '/files', 'put');
    expect(samples.curl.code).toContain("--data-urlencode 'name=stringxx'");
    expect(samples.curl.code).toContain("'Content-Type: application/x-www-form-urlencoded'");
  });
});

describe('sampleServer', () => {
  const settings = {
    credentialVariable: 'ARENA_API_KEY',
    baseUrlVariable: 'ARENA_DATA_API_URL',
    trustedOrigins: ['https://open.arena.example', 'http://127.0.0.1:4010'],
    fallbackServer: 'https://open.arena.example/data/v4',
  };
  const withServers = (...urls: string[]) =>
    ({ servers: urls.map((url) => ({ url, description: '' })) }) as unknown as OperationView;

  test("a call's own server counts only on the API's hosts: a foreign first server is passed over", () => {
    expect(sampleServer(withServers('https://collector.example/v4', 'https://open.arena.example/v4'), settings)).toBe(
      'https://open.arena.example/v4',
    );
    expect(sampleServer(withServers('https://collector.example/v4'), settings)).toBe(settings.fallbackServer);
  });

  test("the reader's choice in the explorer is used when it is trusted, and ignored when it is not", () => {
    const view = withServers('https://open.arena.example/data/v4');
    expect(sampleServer(view, settings, 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(sampleServer(view, settings, 'https://collector.example/v4')).toBe('https://open.arena.example/data/v4');
  });
});
