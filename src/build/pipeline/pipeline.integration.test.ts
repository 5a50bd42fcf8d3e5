import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { freePort } from '../../../tools/lib/process';
import { hostileMarkers, startSpecServer, type SpecServer } from '../../../tests/fixtures/specServer';
import type { JsonObject } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { runPipeline, type Logger } from './pipeline';
import { StrictSpecError } from './resolve';
import { containerEngineSchemas } from '../../../config/apis';
import { renderingNotices } from '../pages/renderable';

const siteDir = process.cwd();
const api = {
  id: 'data-v4',
  vendored: 'openapi/data-v4.yaml',
  urlVariable: 'DATA_API_SPEC_URL',
  unusedSchemas: containerEngineSchemas,
};
const vendoredHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(siteDir, api.vendored)))
    .digest('hex');
const remoteDocument = { ...readVendoredDocument('data'), 'x-fixture': 'served by the remote fixture' };
const validBytes = JSON.stringify(remoteDocument).length;
const limits = { timeoutMs: 500, maxBytes: validBytes * 2, maxRedirects: 3 };

let server: SpecServer;
let closedPortUrl: string;
const hashBefore = vendoredHash();

beforeAll(async () => {
  server = await startSpecServer(remoteDocument, validBytes * 3);
  closedPortUrl = `http://127.0.0.1:${await freePort()}/spec.json`;
});
afterAll(async () => {
  await server.stop();
  expect(vendoredHash()).toBe(hashBefore);
});

function recorder(): Logger & { warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return { warnings, infos, warn: (m) => warnings.push(m), info: (m) => infos.push(m) };
}

/** A test's own output folder, removed when the test ends, whether it passed, failed or timed out. */
function testOutDir(prefix: string): string {
  const outDir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(outDir, { recursive: true, force: true }));
  return outDir;
}

async function run(
  url: string,
  options: { strict?: boolean; fetchImpl?: typeof fetch; maxBytes?: number; env?: Record<string, string> } = {},
) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'openapi-out-'));
  const logger = recorder();
  try {
    const [result] = await runPipeline({
      siteDir,
      outDir,
      apis: [api],
      env: { DATA_API_SPEC_URL: url, SPEC_STRICT: options.strict ? '1' : undefined, ...options.env },
      // With SPEC_MAX_BYTES set, the pipeline reads its limits from the environment, as a build does.
      limits: options.env?.SPEC_MAX_BYTES ? undefined : { ...limits, maxBytes: options.maxBytes ?? limits.maxBytes },
      fetchImpl: options.fetchImpl,
      logger,
      renderable: renderingNotices,
    });
    const json = readFileSync(path.join(outDir, 'data-v4.json'), 'utf8');
    return { result, logger, json, outDir };
  } finally {
    // Outputs are read above (the no-partial-write check of strict failures uses a folder of its own).
    rmSync(outDir, { recursive: true, force: true });
  }
}

const dnsFailure: typeof fetch = () =>
  Promise.reject(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND' } }));

const failures: [string, () => string, RegExp, typeof fetch | undefined][] = [
  ['an HTTP 404', () => server.url('/not-found'), /HTTP 404/, undefined],
  ['an HTTP 500', () => server.url('/server-error'), /HTTP 500/, undefined],
  ['a hang past the timeout', () => server.url('/hang'), /no complete answer within 500 ms/, undefined],
  ['a body over the size cap', () => server.url('/huge'), /larger than the \d+-byte limit/, undefined],
  ['JSON that is not OpenAPI', () => server.url('/not-openapi'), /not an OpenAPI 3\.x document/, undefined],
  ['broken YAML', () => server.url('/broken-yaml'), /not valid JSON or YAML/, undefined],
  ['a redirect loop', () => server.url('/loop-a'), /redirect loop at .*\/loop-a/, undefined],
  ['a refused connection', () => closedPortUrl, /connection refused \(ECONNREFUSED\)/, undefined],
  ['a DNS failure', () => 'http://spec.provider.example/data.json', /host not found \(DNS\) \(ENOTFOUND\)/, dnsFailure],
  ['a non-http URL', () => 'file:///etc/passwd', /only http and https URLs/, undefined],
  ['a $ref to a URL', () => server.url('/external-ref-url'), /refers outside itself \(\$ref "http:\/\/127/, undefined],
  [
    'a $ref to a file',
    () => server.url('/external-ref-file'),
    /refers outside itself \(\$ref "\/etc\/passwd"/,
    undefined,
  ],
  [
    'a relative $ref',
    () => server.url('/external-ref-relative'),
    /refers outside itself \(\$ref "\.\.\/package\.json#\/name"/,
    undefined,
  ],
];

describe('the log of a document with many notices of one kind', () => {
  // Seven calls whose operationIds make page names past the limit (Microsoft Graph beta has 420), served by a fetch.
  const long = 'a-very-long-operation-name-'.repeat(7);
  const document: JsonObject = {
    ...remoteDocument,
    paths: {
      ...((remoteDocument as JsonObject).paths as JsonObject),
      ...Object.fromEntries(
        Array.from({ length: 7 }, (_, index) => [
          `/long${index}`,
          { get: { operationId: `${long}${index}`, responses: { 200: { description: 'ok' } } } },
        ]),
      ),
    },
  };
  const served: typeof fetch = () =>
    Promise.resolve(new Response(JSON.stringify(document), { headers: { 'content-type': 'application/json' } }));
  const cutNotices = (warnings: string[]) => warnings.filter((warning) => warning.includes('longer than a page name'));

  test('shows five and how many more', async () => {
    const { logger } = await run('https://spec.provider.example/long.json', { fetchImpl: served });
    expect(cutNotices(logger.warnings)).toHaveLength(5);
    expect(logger.warnings).toContain(
      'data-v4: 2 more notices like the one above (OPENAPI_NOTICES=all shows every one)',
    );
  });

  test('shows every one with OPENAPI_NOTICES=all', async () => {
    const { logger } = await run('https://spec.provider.example/long.json', {
      fetchImpl: served,
      env: { OPENAPI_NOTICES: 'all' },
    });
    expect(cutNotices(logger.warnings)).toHaveLength(7);
    expect(logger.warnings.join('\n')).not.toContain('more notices like');
  });
});

describe('a usable remote document', () => {
  test.each([
    ['JSON', '/valid.json'],
    ['YAML served as text/plain', '/valid.yaml'],
    ['JSON behind a redirect', '/redirect'],
  ])('%s is used and published', async (_name, route) => {
    const { result, logger, json } = await run(server.url(route));
    expect(result?.source).toBe('remote');
    expect(logger.warnings).toEqual([]);
    expect(logger.infos.join('\n')).toContain(`using the remote document ${server.url(route)}`);
    expect(JSON.parse(json)).toHaveProperty('x-fixture', 'served by the remote fixture');
  });

  test('a Swagger 2.0 document is converted, and the log says so', async () => {
    const { result, logger, json } = await run(server.url('/swagger-2'));
    expect(result?.source).toBe('remote');
    expect(logger.warnings.join('\n')).toMatch(
      /a Swagger 2\.0 document, converted to OpenAPI 3\.0\.\d by swagger2openapi/,
    );
    expect(JSON.parse(json)).toMatchObject({
      openapi: expect.stringMatching(/^3\.0\./) as string,
      paths: { '/x': {} },
    });
  });

  test('a document the linter faults is used, the log naming each place (Redoc and Scalar render it too)', async () => {
    const { result, logger } = await run(server.url('/invalid-openapi'));
    expect(result?.source, logger.warnings.join('\n')).toBe('remote');
    expect(logger.warnings.join('\n')).toMatch(
      /\d+ finding\(s\) of the OpenAPI rules, rendered around: .*\/info.*version/,
    );
  });

  test('a $ref that loops back to itself is shown as unresolved, and the log names it', async () => {
    const { result, logger } = await run(server.url('/ref-loop'));
    expect(result?.source, logger.warnings.join('\n')).toBe('remote');
    expect(logger.warnings.join('\n')).toMatch(
      /reference\(s\) point at nothing .* shown as unresolved: .*\$ref #\/components\/schemas\/Loop/,
    );
  });

  test('loses its container-engine schemas', async () => {
    const { result, json, logger } = await run(server.url('/container-engine'));
    expect(result?.dropped.sort()).toEqual(['ContainerConfig', 'ImageSummary', 'PluginMount', 'SwarmSpec', 'Volume']);
    const schemas = Object.keys(((JSON.parse(json) as JsonObject).components as JsonObject).schemas as JsonObject);
    expect(schemas).not.toContain('Volume');
    expect(schemas).toContain('Championship');
    expect(logger.infos.join('\n')).toContain('dropped container-engine schemas: Volume');
  });

  test('keeps its text as the provider wrote it: renderers escape at output, the pipeline does not', async () => {
    const { result, json } = await run(server.url('/hostile'));
    expect(result?.source).toBe('remote');
    expect(((JSON.parse(json) as JsonObject).info as JsonObject).description).toContain(hostileMarkers.script);
  });

  test('with an allOf cycle is used: the cycle renders as a reference', async () => {
    const { result, logger } = await run(server.url('/allof-cycle'));
    expect(result?.source).toBe('remote');
    expect(logger.warnings).toEqual([]);
  });

  test('with empty and colliding page names is used, each page named uniquely, with a warning for each', async () => {
    const { result, logger } = await run(server.url('/empty-and-colliding-names'));
    expect(result?.source).toBe('remote');
    expect(logger.warnings).toEqual([
      'data-v4: operation GET /championships has no usable page name; it gets "get-championships"',
      'data-v4: operation GET /games would have the page name "get-championships" of another page; it gets "get-championships-2"',
      'data-v4: operation GET /games/{game_id} would have the page name "get-championships" of another page; it gets "get-championships-3"',
      'data-v4: schema ".." has no usable page name; it gets "schema"',
    ]);
  });

  test('with a 1 MB summary and a million brackets is used, the text cut to its limit with a warning', async () => {
    for (const route of ['/huge-summary', '/brackets']) {
      const { result, logger } = await run(server.url(route), { maxBytes: 5 * 1024 * 1024 });
      expect(result?.source).toBe('remote');
      expect(logger.warnings).toHaveLength(1);
      expect(logger.warnings[0]).toMatch(
        /data-v4: 1 text field\(s\) longer than the limit .* were cut: \/paths\/~1championships\/get\/(summary|description) \(10000\d\d characters\)/,
      );
    }
  });

  test('with a character reference beyond Unicode is used', async () => {
    const { result } = await run(server.url('/invalid-codepoint'));
    expect(result?.source).toBe('remote');
  });
});

test('a document naming a URL in a $ref never makes the build fetch it', async () => {
  await run(server.url('/external-ref-url'));
  expect(server.hits('/secret')).toBe(0);
});

test('under SPEC_STRICT=1 the failure message does not claim a fallback', async () => {
  await expect(run(server.url('/not-found'), { strict: true })).rejects.toThrow(
    /HTTP 404 Not Found\. SPEC_STRICT is set, so the build stops\.$/,
  );
});

describe('an unusable remote document', () => {
  test.each(failures)(
    '%s falls back to the vendored copy with a warning naming the URL and reason',
    async (_name, url, reason, fetchImpl) => {
      const { result, logger, json } = await run(url(), { fetchImpl });
      expect(result?.source).toBe('vendored');
      expect(logger.warnings).toHaveLength(1);
      expect(logger.warnings[0]).toContain(`DATA_API_SPEC_URL=${url()}`);
      expect(logger.warnings[0]).toMatch(reason);
      expect(logger.warnings[0]).toContain('Using the vendored openapi/data-v4.yaml instead.');
      expect(JSON.parse(json)).toEqual(readVendoredDocument('data'));
    },
  );

  test.each(failures)(
    '%s fails the build under SPEC_STRICT=1 and writes nothing',
    async (_name, url, reason, fetchImpl) => {
      const outDir = testOutDir('openapi-strict-');
      const attempt = runPipeline({
        siteDir,
        outDir,
        apis: [api],
        env: { DATA_API_SPEC_URL: url(), SPEC_STRICT: '1' },
        limits,
        fetchImpl,
        logger: recorder(),
        renderable: renderingNotices,
      });
      await expect(attempt).rejects.toThrow(StrictSpecError);
      await expect(attempt).rejects.toThrow(reason);
      expect(existsSync(path.join(outDir, 'data-v4.json'))).toBe(false);
    },
  );
});

test('without a URL the vendored document is used, silently', async () => {
  const outDir = testOutDir('openapi-none-');
  const logger = recorder();
  const [result] = await runPipeline({ siteDir, outDir, apis: [api], env: {}, logger, renderable: renderingNotices });
  expect(result?.source).toBe('vendored');
  expect(logger.warnings).toEqual([]);
  expect(readFileSync(path.join(outDir, 'data-v4.yaml'), 'utf8')).toContain('title: Data API');
});

describe('SPEC_MAX_BYTES', () => {
  test('sets the size cap: a document within it is used', async () => {
    const { result } = await run(server.url('/valid.json'), { env: { SPEC_MAX_BYTES: String(validBytes + 1) } });
    expect(result?.source).toBe('remote');
  });

  test('lowers it: a document over the set cap falls back, the warning naming the cap', async () => {
    const { result, logger } = await run(server.url('/valid.json'), { env: { SPEC_MAX_BYTES: '1000' } });
    expect(result?.source).toBe('vendored');
    expect(logger.warnings[0]).toMatch(/larger than the 1000-byte limit/);
  });

  test.each(['0', '-5', '5MB', '1e6', ' ', '99999999999999999999'])(
    'set to %j, the build stops with a message naming the variable (blank means unset)',
    async (value) => {
      const outDir = testOutDir('openapi-max-');
      const attempt = runPipeline({
        siteDir,
        outDir,
        apis: [api],
        env: { DATA_API_SPEC_URL: server.url('/valid.json'), SPEC_MAX_BYTES: value },
        logger: recorder(),
        renderable: renderingNotices,
      });
      if (value.trim() === '') await expect(attempt).resolves.toHaveLength(1);
      else await expect(attempt).rejects.toThrow(/SPEC_MAX_BYTES must be a whole number of bytes above 0/);
    },
  );
});
