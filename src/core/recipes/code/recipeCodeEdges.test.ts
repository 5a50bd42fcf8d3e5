import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpRequest } from '../../openapi/request';
import { sampleSettings } from '../../samples/settings';
import { operationResolver } from '../requests';
import type { RecipeAnswer } from '../runModel';
import { runRecipeToEnd } from '../runner';
import type { ArazzoDocument } from '../types';
import { pagesDocument, pagesRecipe } from './fixtures';
import { codeSources, recipeCode, RecipeCodeError, type RecipeCode } from '.';
import { runRecipeProgram } from '../../../../tests/harness/recipePrograms';

/**
 * The programs at the edges a review found: document text where Python reads a source encoding, and (below) answers
 * the happy paths of recipeCode.test.ts do not meet. Each program runs against a small server in this process.
 */

const execute = promisify(execFile);
const key = 'secret-key';
/** Every request the server answered, as `<user agent> <path?query>`. */
const calls: string[] = [];
let server: Server;
let baseUrl = '';
let folder = '';
let elsewhere: Server;
let elsewhereUrl = '';
/** The credentials of the requests that reached the other origin. */
const landed: string[] = [];

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'recipe-code-edges-'));
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://server');
    calls.push(`${String(request.headers['user-agent'])} ${url.pathname}${url.search}`);
    if (url.pathname === '/check/redirect')
      return response.writeHead(302, { location: `${elsewhereUrl}/check/landed`, 'content-type': 'text/plain' }).end();
    if (url.pathname === '/check/empty') return response.writeHead(204).end();
    // Paging without end: every page says the next begins one further on.
    if (url.pathname === '/items')
      return response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ items: [], end: Number(url.searchParams.get('offset')) + 1 }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
  });
  // Another origin, where only a followed redirect would go.
  elsewhere = createServer((request, response) => {
    landed.push(String(request.headers.authorization));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const other = elsewhere.address();
  elsewhereUrl = `http://127.0.0.1:${typeof other === 'object' && other ? other.port : 0}`;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => elsewhere.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const programs = (document: ArazzoDocument, api = pagesDocument) =>
  recipeCode(
    'openapi/recipes/pages.arazzo.yaml',
    'pages',
    document,
    codeSources({
      pages: {
        document: api,
        api: 'pages',
        settings: sampleSettings(api, {
          credentialVariable: 'PAGES_KEY',
          baseUrlVariable: 'PAGES_URL',
          mockUrl: baseUrl,
          trustedOrigins: ['https://pages.example', new URL(baseUrl).origin],
        }),
      },
    }),
  );
/** A recipe of one workflow, `one`, whose one step calls `/check/<mode>` and outputs the answer's status and body. */
const calling = (mode: string): ArazzoDocument => ({
  ...pagesRecipe,
  workflows: [
    {
      workflowId: 'one',
      inputs: { type: 'object', required: ['key'], properties: { key: { type: 'string', format: 'password' } } },
      'x-security': [{ schemeName: 'Key', values: { token: '$inputs.key' } }],
      steps: [
        {
          stepId: 'check',
          operationId: '$sourceDescriptions.pages.check',
          parameters: [{ name: 'mode', in: 'path', value: mode }],
          successCriteria: [{ condition: '$statusCode < 400' }],
          outputs: { status: '$statusCode', body: '$response.body' },
        },
      ],
      outputs: { status: '$steps.check.outputs.status', body: '$steps.check.outputs.body' },
    },
  ],
});
const languages = ['shell', 'node', 'python'] as const;

function runProgram(code: RecipeCode, workflow: string, extra: string[] = [], base = baseUrl, bin = '') {
  const env = { PATH: `${bin}${process.env.PATH}`, HOME: folder, LANG: 'C.UTF-8', PAGES_KEY: key, PAGES_URL: base };
  return runRecipeProgram(code, { folder, name: workflow, args: ['--workflow', workflow, ...extra], env });
}

describe('no document text on the first two lines, where Python reads a source encoding', { timeout: 20_000 }, () => {
  const titled = (title: string, summary?: string): ArazzoDocument => ({
    ...pagesRecipe,
    info: { ...pagesRecipe.info, title },
    workflows: pagesRecipe.workflows.map((workflow) =>
      workflow.workflowId === 'busy' && summary ? { ...workflow, summary } : workflow,
    ),
  });
  const injected = titled(
    'x (coding: raw_unicode_escape)',
    String.raw`\u000a\u0020import os;os.system("echo PWNED")\u000a#`,
  );

  test.each(languages)('%s: lines 1-2 are fixed text', (language) => {
    for (const document of [injected, titled('Video transcoding: a job')]) {
      const code = programs(document).find((item) => item.language === language)!.code;
      expect(code.split('\n').slice(0, 2).join('\n')).not.toMatch(/coding: (raw|a job)|transcoding/);
    }
  });

  test.each([
    ['a title naming an encoding that runs escapes', injected],
    ['a title with "coding:" in a word', titled('Video transcoding: a job')],
  ])('python: %s runs as written', async (_name, document) => {
    const code = programs(document).find((item) => item.language === 'python')!;
    const run = await runProgram(code, 'busy');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('PWNED');
    expect(code.code.split('\n')[1]).toBe('# -*- coding: utf-8 -*-');
  });
});

describe('a redirect is not followed: it would take the credential to the host it names', { timeout: 20_000 }, () => {
  test.each(languages)('%s: the 302 is the answer, and the other origin hears nothing', async (language) => {
    const code = programs(calling('redirect')).find((item) => item.language === language)!;
    const run = await runProgram(code, 'one');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ status: 302, body: '' });
    expect(landed).toEqual([]);
  });
});

describe('an answer without a Content-Type', { timeout: 20_000 }, () => {
  test.each(languages)('%s: a 204 with no body is the empty text', async (language) => {
    const code = programs(calling('empty')).find((item) => item.language === language)!;
    const run = await runProgram(code, 'one');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ status: 204, body: '' });
  });
});

describe('a program stops at the step limit the runner keeps, counted as it counts', { timeout: 60_000 }, () => {
  const agentOf = { shell: 'curl/', node: 'node', python: 'Python-urllib/' } as const;
  const pagesOf = (agent: string, from: number) =>
    calls.slice(from).filter((call) => call.startsWith(agent) && call.includes(' /items'));

  test.each(languages)('%s: a paging loop without end', async (language) => {
    const from = calls.length;
    const { result } = await runRecipeToEnd({
      document: pagesRecipe,
      workflowId: 'itemPages',
      inputs: { key, offset: 0 },
      resolveOperation: operationResolver({ pages: { document: pagesDocument, serverUrl: baseUrl } }),
      send: async (request: HttpRequest): Promise<RecipeAnswer> => {
        const response = await fetch(request.url, {
          method: request.method,
          headers: [...request.headers, ['user-agent', 'runner']],
        });
        return { status: response.status, headers: [], body: await response.text() };
      },
      trustedOrigins: [new URL(baseUrl).origin],
    });
    expect(result.status).toBe('stopped');
    const runnerPages = pagesOf('runner ', from).length;
    // 50 steps: a page and the workflow step that asks for the next, 25 times.
    expect(runnerPages).toBe(25);

    const code = programs(pagesRecipe).find((item) => item.language === language)!;
    const started = calls.length;
    const run = await runProgram(code, 'itemPages');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('The run stopped at its limit of 50 steps, before page');
    expect(pagesOf(agentOf[language], started)).toHaveLength(runnerPages);
  });

  test.each(languages)('%s: --max-steps sets another limit', async (language) => {
    const code = programs(pagesRecipe).find((item) => item.language === language)!;
    const started = calls.length;
    const run = await runProgram(code, 'itemPages', ['--max-steps', '4']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('The run stopped at its limit of 4 steps, before page');
    expect(pagesOf(agentOf[language], started)).toHaveLength(2);
    const wrong = await runProgram(code, 'itemPages', ['--max-steps', '0']);
    expect(wrong.stderr).toContain('--max-steps needs a whole number above 0');
  });
});

describe('braces and brackets in a URL are text, not a pattern of URLs', { timeout: 20_000 }, () => {
  const agentOf = { shell: 'curl/', node: 'node', python: 'Python-urllib/' } as const;
  test.each(languages)('%s: a path value and a base URL with {a,b} and [1-2] are called once', async (language) => {
    const code = programs(calling('{a,b}[1-2]')).find((item) => item.language === language)!;
    const from = calls.length;
    const run = await runProgram(code, 'one', [], `${baseUrl}/base{a,b}[1-2]`);
    expect(run.code, run.stderr).toBe(0);
    const made = calls.slice(from).filter((call) => call.startsWith(agentOf[language]));
    expect(made).toHaveLength(1);
    // The path value percent-encoded; the base URL's path as the language sends it.
    expect(made[0]).toMatch(/^\S+ \/base(\{a,b\}|%7Ba,b%7D)\[1-2\]\/check\/%7Ba%2Cb%7D%5B1-2%5D$/);
  });
});

test.each(['_', '-'])('a workflowId without a letter or digit (%s) stops the build, naming it', (id) => {
  const document = calling('ok');
  const named = { ...document, workflows: [{ ...document.workflows[0], workflowId: id }] };
  expect(() => programs(named)).toThrow(RecipeCodeError);
  expect(() => programs(named)).toThrow(
    `recipe openapi/recipes/pages.arazzo.yaml, workflow ${id}: its workflowId has no letter or digit to name its function`,
  );
});

test("shell: a credential in the query is not on curl's command line", { timeout: 20_000 }, async () => {
  const inQuery = {
    ...pagesDocument,
    components: { securitySchemes: { Key: { type: 'apiKey', in: 'query', name: 'api_key' } } },
  };
  const document = calling('ok');
  const workflows = [
    { ...document.workflows[0], 'x-security': [{ schemeName: 'Key', values: { apiKey: '$inputs.key' } }] },
  ];
  const code = programs({ ...document, workflows }, inQuery).find((item) => item.language === 'shell')!;
  // A curl before the real one on PATH, writing down its arguments.
  const bin = path.join(folder, 'bin');
  mkdirSync(bin, { recursive: true });
  const real = (await execute('bash', ['-c', 'command -v curl'])).stdout.trim();
  writeFileSync(
    path.join(bin, 'curl'),
    `#!/bin/bash\nprintf '%s\\n' "$@" >>'${folder}/curl-argv'\nexec '${real}' "$@"\n`,
  );
  chmodSync(path.join(bin, 'curl'), 0o755);
  const from = calls.length;
  const run = await runProgram(code, 'one', [], baseUrl, `${bin}:`);
  expect(run.code, run.stderr).toBe(0);
  expect(calls.slice(from)).toEqual([expect.stringMatching(/^curl\/\S+ \/check\/ok\?api_key=secret-key$/)]);
  const argv = readFileSync(path.join(folder, 'curl-argv'), 'utf8');
  expect(argv).toContain('--config');
  expect(argv).not.toContain(key);
});

test("an input named max-steps would be the programs' --max-steps: the build stops", () => {
  const document = calling('ok');
  const [workflow] = document.workflows;
  const inputs = { ...workflow.inputs, properties: { ...workflow.inputs?.properties, 'max-steps': {} } };
  expect(() => programs({ ...document, workflows: [{ ...workflow, inputs }] })).toThrow(
    "recipe openapi/recipes/pages.arazzo.yaml, workflow one: an input named max-steps would be the programs' --max-steps",
  );
});
