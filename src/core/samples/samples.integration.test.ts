import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { apiByKey, apis } from '../../../config/apis';
import type { MockServer } from '../../../tools/mock/mockServer';
import { chromiumLaunchOptions } from '../../../tools/lib/chromium';
import { useVendoredMocks } from '../../../tests/fixtures/mocks';
import { injectionDocument, injections } from '../../../tests/fixtures/injectionDocument';
import { uploadDocument } from '../../../tests/fixtures/uploadDocument';
import { securityDocument } from '../../../tests/fixtures/securityDocument';
import type { JsonObject } from '../openapi/document';
import { buildRequest, sampleBody, sampleValues, type ParameterValues } from '../openapi/request';
import { codeSamples, sampleLanguages, type SampleLanguage } from './index';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationViews, type OperationView } from '../openapi/view';

/**
 * Every sample of every operation, in every language, run as a reader would run it: compiled with the toolchain
 * Debian ships (Go, Mono's C# compiler, the JDK), or run by its interpreter (bash and curl, Node.js, Python, PHP,
 * Ruby, Perl), or, for the browser's JavaScript, in Chromium; with nothing in the environment but the site's
 * convention (config/apis.ts), pointed at the mock. The mock's gate rejects a missing or empty credential, and
 * each request is matched to the one the explorer would send for the same values.
 *
 * Alone: `npx vitest run --project integration src/core/samples/samples.integration.test.ts` (needs the
 * toolchains: `apt-get install golang-go mono-mcs default-jdk-headless php-cli ruby`).
 */

const execute = promisify(execFile);
const workDir = path.resolve('test-results/samples');
const mocks = useVendoredMocks();

interface Case {
  api: (typeof apis)[number];
  view: OperationView;
  /** A unique credential, so the request of each run can be found among all the mock received. */
  credential: string;
  values?: ParameterValues;
  /** The default base URL the sample is written with, when not the document's first server. */
  serverUrl?: string;
}

interface Outcome {
  code: number;
  output: string;
}

/** Turns an execution into an outcome: a non-zero exit is a result here, not an exception. */
async function outcome(run: Promise<{ stdout: string; stderr: string }>): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run;
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number | string; stdout?: string; stderr?: string; message: string };
    return {
      code: typeof failure.code === 'number' ? failure.code : 1,
      output: `${failure.stdout ?? ''}${failure.stderr ?? failure.message}`,
    };
  }
}

/**
 * Another provider's file upload: a `multipart/form-data` body of a text field and a file, sent to the Data API's
 * mock (answered there without Prism, which knows no such call). Each language reads the file from the path its
 * sample names, relative to where it runs (`runDir`); the browser's sample sends the field's example as the file.
 */
const uploadTitle = `Kestrel & Co 'q' "dq" $HOME #{x} \\ % ü`;
const uploadFile = 'line one\nü\r\nthe end';
const uploadView = operationViews(uploadDocument(uploadTitle, { secured: true }), 'uploads')[0];
/** OpenAPI 3.2's QUERY method (a safe call that takes a body), and a 3.2 additional operation's own method. */
const methodViews = operationViews(
  {
    openapi: '3.2.0',
    info: { title: 'Methods', version: '1' },
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    security: [{ key: [] }],
    paths: {
      '/methods/query': {
        query: {
          operationId: 'searchByQuery',
          // 3.2's whole query string, with a value each language must encode.
          parameters: [
            {
              name: 'scope',
              in: 'querystring',
              content: { 'application/x-www-form-urlencoded': { example: { region: 'EU west', mode: '5v5' } } },
            },
          ],
          requestBody: {
            content: { 'application/json': { example: { filter: { game: 'cs2' }, limit: 5 } } },
          },
          responses: { 200: { description: 'ok' } },
        },
        additionalOperations: {
          PURGE: { operationId: 'purgeAll', responses: { 204: { description: 'purged' } } },
        },
      },
    },
  },
  'methods',
);
const runDir = path.join(workDir, 'run');

/** Where each call of the security document must carry its credential, read from what the mock received. */
const schemeViews = operationViews(securityDocument, 'schemes');
function carried(path: string, request: { url: string; headers: Record<string, string | string[] | undefined> }) {
  const url = new URL(request.url, 'http://x');
  const cookie = String(request.headers.cookie ?? '');
  const authorization = String(request.headers.authorization ?? '');
  const key = String(request.headers['x-api-key'] ?? '');
  switch (path) {
    case '/schemes/header':
    case '/schemes/either':
      return { key };
    case '/schemes/query':
      return { api_key: url.searchParams.get('api_key'), limit: url.searchParams.get('limit') };
    case '/schemes/cookie':
      return { sessionid: /(?:^|;\s*)sessionid=([^;]*)/.exec(cookie)?.[1] };
    case '/schemes/basic':
      return { basic: Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString() };
    case '/schemes/bearer':
      return { authorization };
    default:
      return { key, api_key: url.searchParams.get('api_key') };
  }
}
function meant(path: string, credential: string) {
  switch (path) {
    case '/schemes/header':
    case '/schemes/either':
      return { key: credential };
    case '/schemes/query':
      return { api_key: credential, limit: '1' };
    case '/schemes/cookie':
      return { sessionid: credential };
    case '/schemes/basic':
      return { basic: credential };
    case '/schemes/bearer':
      return { authorization: `Bearer ${credential}` };
    default:
      return { key: credential, api_key: `${credential}-second` };
  }
}

const documents = Object.fromEntries(apis.map((api) => [api.key, readVendoredDocument(api.key)])) as Record<
  string,
  JsonObject
>;
const allCases: Case[] = apis.flatMap((api) =>
  operationViews(documents[api.key], api.id).map((view, index) => ({
    api,
    view,
    credential: `key-${api.key}-${index}`,
  })),
);

function mockOf(api: Case['api']): MockServer {
  return api.key === 'data' ? mocks.data : mocks.chat;
}

/** Only the site's convention, nothing of the test runner's own environment but what finds the toolchains. */
function environment(item: Case, overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GOCACHE: path.join(workDir, 'go-cache'),
    GOPATH: path.join(workDir, 'go-path'),
    GOFLAGS: '-mod=mod',
    [item.api.baseUrlVariable]: mockOf(item.api).url,
    [item.api.credential.variable]: item.credential,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}

/** The browser sample's function name. */
function sampleName(item: Case): string {
  return /async function (\w+)\(/.exec(sampleOf(item, 'javascript'))?.[1] ?? '';
}

function sampleOf(item: Case, language: SampleLanguage): string {
  const [sample] = codeSamples(
    item.view,
    {
      serverUrl: item.serverUrl ?? item.view.servers[0]?.url ?? 'https://open.arena.example',
      credentialVariable: item.api.credential.variable,
      baseUrlVariable: item.api.baseUrlVariable,
      values: item.values,
    },
    [language],
  );
  return sample.code;
}

/** Writes one file per case under the language's folder and returns the paths. */
function writeAll(
  language: string,
  cases: Case[],
  file: (index: number) => string,
  code: (item: Case, index: number) => string,
) {
  const dir = path.join(workDir, language);
  rmSync(dir, { recursive: true, force: true });
  return cases.map((item, index) => {
    const target = path.join(dir, file(index));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, code(item, index));
    return target;
  });
}

/** Runs `task` over the items, `width` at a time. */
async function pool<T, R>(items: T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index], index);
      }
    }),
  );
  return results;
}

let browser: Browser | undefined;

/** Runs a program with the environment of the case's run. */
function interpret(file: string, args: string[], item: Case, index: number): Promise<Outcome> {
  const env = envs.get(item);
  if (!env) throw new Error('no environment for this case');
  return outcome(execute(file, args, { env: env(index), cwd: runDir }));
}

/**
 * Each language: prepares its cases (a batch compile where the toolchain has one) and returns a runner per case.
 * Compiled languages rename nothing but the class the test compiles into one batch (Java), so the code run is the
 * code shown.
 */
type RunCase = (item: Case, index: number) => Promise<Outcome>;
const ready = (run: RunCase): Promise<RunCase> => Promise.resolve(run);

/** Saves each case's sample as `<index>.<extension>` and runs it with the language's interpreter. */
function fromFiles(language: 'ruby' | 'php', extension: string, cases: Case[]): Promise<RunCase> {
  const files = writeAll(
    language,
    cases,
    (index) => `${index}.${extension}`,
    (item) => sampleOf(item, language),
  );
  return ready((item, index) => interpret(language, [files[index]], item, index));
}

const runners: Record<SampleLanguage, (cases: Case[], env: (item: Case) => NodeJS.ProcessEnv) => Promise<RunCase>> = {
  curl: () => ready((item, index) => interpret('bash', ['-c', sampleOf(item, 'curl')], item, index)),
  node: () =>
    ready((item, index) =>
      interpret(process.execPath, ['--input-type=module', '-e', sampleOf(item, 'node')], item, index),
    ),
  python: () => ready((item, index) => interpret('python3', ['-c', sampleOf(item, 'python')], item, index)),
  // From a file, as a reader saves it: Ruby reads files as UTF-8, `-e` in the locale's encoding.
  ruby: (cases) => fromFiles('ruby', 'rb', cases),
  perl: () => ready((item, index) => interpret('perl', ['-e', sampleOf(item, 'perl')], item, index)),
  php: (cases) => fromFiles('php', 'php', cases),
  go: async (cases, env) => {
    const files = writeAll(
      'go',
      cases,
      (index) => `s${index}/main.go`,
      (item) => sampleOf(item, 'go'),
    );
    const dir = path.dirname(path.dirname(files[0]));
    writeFileSync(path.join(dir, 'go.mod'), 'module samples\n\ngo 1.19\n');
    const build = await outcome(execute('go', ['build', '-o', 'bin/', './...'], { cwd: dir, env: env(cases[0]) }));
    if (build.code !== 0) return () => Promise.resolve(build);
    return (item, index) => interpret(path.join(dir, 'bin', `s${index}`), [], item, index);
  },
  csharp: async (cases, env) => {
    // Mono's compiler starts slowly (about a second a file here), so the batch is one program: each sample's
    // `Program` becomes `Program<n>`, the only change to the code shown, and a dispatcher calls the `Main` its
    // argument names.
    const files = writeAll(
      'csharp',
      cases,
      (index) => `${index}.cs`,
      (item, index) => sampleOf(item, 'csharp').replace(/^class Program$/m, `class Program${index}`),
    );
    const dir = path.dirname(files[0]);
    const dispatch = path.join(dir, 'Dispatch.cs');
    writeFileSync(
      dispatch,
      [
        'using System;',
        'using System.Reflection;',
        'class Dispatch',
        '{',
        '    static int Main(string[] args)',
        '    {',
        '        var main = Type.GetType("Program" + args[0]).GetMethod("Main", BindingFlags.Static | BindingFlags.NonPublic);',
        '        return (int)main.Invoke(null, null);',
        '    }',
        '}',
      ].join('\n'),
    );
    const program = path.join(dir, 'samples.exe');
    const build = await outcome(
      execute('mcs', ['-r:System.Net.Http.dll', '-main:Dispatch', `-out:${program}`, dispatch, ...files], {
        env: env(cases[0]),
        maxBuffer: 16 * 1024 * 1024,
      }),
    );
    if (build.code !== 0) return () => Promise.resolve(build);
    return (item, index) => interpret('mono', [program, String(index)], item, index);
  },
  java: async (cases, env) => {
    // javac compiles the batch at once; its classes need distinct names, so `Main` becomes `Main<n>` here.
    const files = writeAll(
      'java',
      cases,
      (index) => `Main${index}.java`,
      (item, index) => sampleOf(item, 'java').replace('public class Main {', `public class Main${index} {`),
    );
    const dir = path.dirname(files[0]);
    const build = await outcome(execute('javac', ['-d', path.join(dir, 'classes'), ...files], { env: env(cases[0]) }));
    if (build.code !== 0) return () => Promise.resolve(build);
    // A JVM per run, started lean: these programs run for a moment, so the optimizing compiler and its threads only
    // take CPU from the runs beside them (flags of the launcher, not of the code shown).
    const lean = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xshare:auto'];
    return (item, index) => interpret('java', [...lean, '-cp', path.join(dir, 'classes'), `Main${index}`], item, index);
  },
  javascript: async () => {
    browser ??= await chromium.launch(chromiumLaunchOptions());
    const page = await (await browser.newContext()).newPage();
    return async (item) => {
      // No environment in a browser: the app hands the function its credential and base URL, as here.
      const code = sampleOf(item, 'javascript').replace(/^export /m, '');
      const name = /async function (\w+)\(/.exec(code)?.[1] ?? '';
      const env = envs.get(item)?.(0) ?? {};
      // The function's credential parameters, in the order of the call's schemes: the convention's variable, then
      // `_2`…; a cookie is the browser's own and no parameter.
      const placements = item.view.security.flatMap((security) => (security.placement ? [security.placement] : []));
      const variable = (index: number) =>
        index === 0 ? item.api.credential.variable : `${item.api.credential.variable}_${index + 1}`;
      const args = [
        ...placements.flatMap((placement, index) => (placement.in === 'cookie' ? [] : [env[variable(index)] ?? ''])),
        env[item.api.baseUrlVariable],
      ];
      try {
        // The sample as a page script holds it, then one call of its function.
        const result = await page.evaluate<string>(
          `(async () => {\n${code}\nreturn JSON.stringify(await ${name}(...${JSON.stringify(args)}));\n})()`,
        );
        return { code: 0, output: result };
      } catch (error) {
        return { code: 1, output: error instanceof Error ? error.message : String(error) };
      }
    };
  },
};

/** The environment of each case's run: set per test, so one run can drop or change a variable. */
const envs = new Map<Case, (index: number) => NodeJS.ProcessEnv>();

/** Path, query pairs (decoded, in order) and body of a request, for comparing what was sent with what was meant. */
function shape(method: string, url: string, body: string | undefined, contentType: string | undefined) {
  const parsed = new URL(url, 'http://x');
  return {
    method,
    path: decodeURIComponent(parsed.pathname),
    // Sorted by name (stable), as the order of different names means nothing and Go's encoder sorts them.
    query: [...parsed.searchParams.entries()]
      .flatMap(([name, value]) => value.split(',').map((item) => [name, item]))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    body: (body === undefined || body === ''
      ? undefined
      : contentType?.includes('x-www-form-urlencoded')
        ? [...new URLSearchParams(body).entries()]
        : JSON.parse(body)) as unknown,
  };
}

function expectedShape(item: Case) {
  const request = buildRequest(item.view, {
    serverUrl: '',
    values: item.values ?? sampleValues(item.view),
    credential: item.credential,
    body: sampleBody(item.view),
  });
  const contentType = request.headers.find(([name]) => name === 'Content-Type')?.[1];
  return shape(request.method, request.url, request.body, contentType);
}

function receivedBy(item: Case) {
  return mockOf(item.api).received.filter((request) => request.headers.authorization === `Bearer ${item.credential}`);
}

const figures: Record<string, { run: number; passed: number; seconds: number }> = {};

afterAll(async () => {
  await browser?.close();
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/samples.json', `${JSON.stringify(figures, null, 2)}\n`);
});

beforeAll(() => {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(path.join(runDir, 'path/to'), { recursive: true });
  writeFileSync(path.join(runDir, 'path/to/file'), uploadFile);
});

describe.each(sampleLanguages.map((language) => language.id))('the %s samples', (language) => {
  let run: (item: Case, index: number) => Promise<Outcome>;
  const cases = allCases.map((item) => ({ ...item, credential: `${item.credential}-${language}` }));
  const hostile: Case = {
    ...cases.find((item) => item.view.operationId === 'searchPlayers')!,
    credential: `hostile-${language}`,
    values: { nickname: `Kestrel & Co 'q' "dq" $HOME #{x} \\ % ü`, offset: 0, limit: 20 },
  };
  const upload: Case = { api: apiByKey('data'), view: uploadView, credential: `upload-${language}` };
  const methodCases: Case[] = methodViews.map((view) => ({
    api: apiByKey('data'),
    view,
    credential: `${view.method}-${language}`,
  }));
  // Its default base URL is hostile too, and used: the base-URL variable is unset for its run. The gate for server
  // URLs (servers.ts) would refuse it; this proves the samples themselves quote it as a literal.
  const injected: Case[] = injections.map((payload, index) => ({
    api: apiByKey('data'),
    view: operationViews(injectionDocument(payload), 'injection')[0],
    credential: `injected-${language}-${index}`,
    serverUrl: `http://127.0.0.1:9/x${payload}`,
  }));
  // Another provider's schemes, sent to the Data API's mock, which answers them without Prism (no such calls there).
  const schemeCases: Case[] = schemeViews.map((view, index) => ({
    api: apiByKey('data'),
    view,
    credential: `user-${index}:scheme-${language}`,
  }));
  let started = 0;

  beforeAll(async () => {
    for (const item of schemeCases) {
      envs.set(item, () => environment(item, { [`${item.api.credential.variable}_2`]: `${item.credential}-second` }));
    }
    started = Date.now();
    for (const item of [...cases, hostile, upload, ...methodCases]) envs.set(item, () => environment(item));
    for (const item of injected) envs.set(item, () => environment(item, { [item.api.baseUrlVariable]: undefined }));
    // The browser's sample runs in Node.js here, where code that escaped its string could reach the file system.
    const browserSample = (item: Case) =>
      interpret(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `${sampleOf(item, 'javascript').replace(/^export /m, '')}\nawait ${sampleName(item)}('k');`,
        ],
        item,
        0,
      );
    const all = await runners[language](
      [...cases, hostile, upload, ...injected, ...schemeCases, ...methodCases],
      (item) => environment(item),
    );
    run =
      language === 'javascript'
        ? (item, index) => (injected.includes(item) ? browserSample(item) : all(item, index))
        : all;
  }, 300_000);

  test(`every operation, against the mock: 2xx, the credential sent, the request the explorer would send`, async () => {
    const results = await pool(cases, 3, (item, index) => run(item, index));
    const failures = cases.flatMap((item, index) => {
      const result = results[index];
      const sent = receivedBy(item);
      const label = `${item.view.method.toUpperCase()} ${item.view.path}`;
      if (result.code !== 0) return [`${label}: exit ${result.code}: ${result.output.slice(0, 600)}`];
      if (sent.length !== 1) return [`${label}: ${sent.length} requests with its credential reached the mock`];
      const actual = shape(sent[0].method, sent[0].url, sent[0].body, sent[0].headers['content-type']);
      try {
        expect(actual).toEqual(expectedShape(item));
      } catch {
        return [`${label}: sent ${JSON.stringify(actual)}, meant ${JSON.stringify(expectedShape(item))}`];
      }
      return [];
    });
    figures[language] = {
      run: cases.length,
      passed: cases.length - failures.length,
      seconds: (Date.now() - started) / 1000,
    };
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(60);
  }, 600_000);

  test("every security scheme's credential goes where the document puts it: a header, the query, a cookie, Basic, Bearer, two at once", async () => {
    const mock = mockOf(apiByKey('data'));
    onTestFinished(() => mock.clearAnswers());
    const failures: string[] = [];
    for (const [offset, item] of schemeCases.entries()) {
      if (language === 'javascript' && item.view.path === '/schemes/cookie') {
        // A page cannot set a cookie header: the browser sends the API site's own cookie, when allowed to.
        const code = sampleOf(item, 'javascript');
        expect(code).toContain('credentials: "include"');
        expect(code).not.toMatch(/Cookie["']?:/);
        continue;
      }
      mock.answerNext({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' });
      const index = cases.length + 2 + injected.length + offset;
      const result = await run(item, index);
      const sent = mock.received
        .filter((request) => new URL(request.url, 'http://x').pathname === item.view.path)
        .at(-1);
      if (result.code !== 0) failures.push(`${item.view.path}: exit ${result.code}: ${result.output.slice(0, 400)}`);
      else if (!sent) failures.push(`${item.view.path}: nothing reached the mock`);
      else {
        const got = carried(item.view.path, sent);
        const want = meant(item.view.path, item.credential);
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          failures.push(`${item.view.path}: carried ${JSON.stringify(got)}, meant ${JSON.stringify(want)}`);
        }
      }
      mock.clearAnswers();
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test('a value typed with spaces, quotes, `&`, `$`, `#{}`, `\\` and `%` reaches the server as typed', async () => {
    const result = await run(hostile, cases.length);
    expect(result.code, result.output).toBe(0);
    const [sent] = receivedBy(hostile);
    expect(new URL(sent.url, 'http://x').searchParams.get('nickname')).toBe(hostile.values!.nickname);
  });

  test("OpenAPI 3.2's QUERY and an additional operation's PURGE go out with their own method, QUERY with its body and its whole query string", async () => {
    const mock = mockOf(apiByKey('data'));
    onTestFinished(() => mock.clearAnswers());
    for (const [offset, item] of methodCases.entries()) {
      mock.answerNext({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' });
      const result = await run(item, cases.length + 2 + injected.length + schemeCases.length + offset);
      expect(result.code, result.output).toBe(0);
      const [sent] = receivedBy(item);
      expect(sent?.method).toBe(item.view.method.toUpperCase());
      expect(new URL(sent.url, 'http://x').pathname).toBe('/methods/query');
      if (item.view.method === 'query') {
        expect(JSON.parse(sent.body)).toEqual({ filter: { game: 'cs2' }, limit: 5 });
        expect(Object.fromEntries(new URL(sent.url, 'http://x').searchParams)).toEqual({
          region: 'EU west',
          mode: '5v5',
        });
      }
    }
    expect(methodCases.map((item) => item.view.method)).toEqual(['query', 'purge']);
  });

  test('a multipart upload arrives as a form: the text field as typed, the file’s bytes under its name', async () => {
    const mock = mockOf(upload.api);
    onTestFinished(() => mock.clearAnswers());
    mock.answerNext({ status: 201, headers: { 'content-type': 'application/json' }, body: '{}' });
    const result = await run(upload, cases.length + 1);
    expect(result.code, result.output).toBe(0);
    const [sent] = receivedBy(upload);
    expect(sent.method).toBe('POST');
    expect(new URL(sent.url, 'http://x').pathname).toBe('/files');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; ?boundary=/);
    const form = await new Response(sent.body, {
      headers: { 'content-type': sent.headers['content-type'] ?? '' },
    }).formData();
    expect(form.get('title')).toBe(uploadTitle);
    const file = form.get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toMatch(/(^|\/)file$/);
    // A browser has no path to read: its sample sends the field's example, the way it shows where the bytes go.
    const example = (sampleBody(uploadView)?.value as { file: string }).file;
    const bytes = language === 'javascript' ? example : uploadFile;
    expect(await (file as File).text()).toBe(bytes);
  });

  test('a document whose server, names and examples carry code in every quoting style: nothing of it runs', async () => {
    const marker = path.join(runDir, 'pwned');
    const ran: string[] = [];
    for (const [index, item] of injected.entries()) {
      rmSync(marker, { force: true });
      const result = await run(item, cases.length + 2 + index);
      if (existsSync(marker)) ran.push(`${JSON.stringify(injections[index])}: ${result.output.slice(0, 300)}`);
    }
    rmSync(marker, { force: true });
    expect(ran).toEqual([]);
  });

  test('waits out a 429 as Retry-After asks, then succeeds; a 404 fails with its status and body', async () => {
    const item = cases[0];
    const mock = mockOf(item.api);
    const retry = { ...item, credential: `${item.credential}-retry` };
    envs.set(retry, () => environment(retry));
    onTestFinished(() => mock.clearAnswers());
    mock.answerNext({ status: 429, headers: { 'retry-after': '1', 'content-type': 'application/json' }, body: '{}' });
    const before = Date.now();
    const first = await run(retry, 0);
    expect(first.code, first.output).toBe(0);
    expect(receivedBy(retry)).toHaveLength(2);
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);

    const missing = { ...item, credential: `${item.credential}-404` };
    envs.set(missing, () => environment(missing));
    mock.answerNext({
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: '{"errors":["no such thing"]}',
    });
    const second = await run(missing, 0);
    expect(second.code).not.toBe(0);
    expect(second.output).toContain('404');
    expect(second.output).toContain('no such thing');
  }, 60_000);

  test('without the credential in the environment, no call succeeds', async () => {
    const item = cases[0];
    const bare = { ...item, credential: '' };
    envs.set(bare, () => environment(bare, { [item.api.credential.variable]: undefined }));
    const result = await run(bare, 0);
    expect(result.code, result.output).not.toBe(0);
  }, 60_000);
});

test('the convention names one credential and one base-URL variable per API, all distinct', () => {
  const names = apis.flatMap((api) => [api.credential.variable, api.baseUrlVariable]);
  expect(new Set(names).size).toBe(names.length);
  expect(apiByKey('data').baseUrlVariable).toMatch(/^[A-Z][A-Z0-9_]*$/);
});
