import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HttpRequest } from '../../openapi/request';
import { sampleSettings } from '../../samples/settings';
import { operationResolver } from '../requests';
import type { RecipeAnswer } from '../runModel';
import { runRecipeToEnd } from '../runner';
import type { ArazzoDocument } from '../types';
import { hostile, pagesDocument, pagesRecipe } from './fixtures';
import { codeSources, recipeCode, RecipeCodeError, type RecipeCode } from '.';
import { runRecipeProgram } from '../../../../tests/harness/recipePrograms';

/**
 * The generated programs, run in bash, Node.js and Python against a small server in this process, each held to what
 * the TypeScript runner (../runner.ts) gets from the same server: a paging loop that calls itself stops on its end
 * criterion, a goto skips the step between, a failed criterion ends the program with its step named, and text built
 * to break out of each language's quoting arrives as the text it is.
 */

const key = 'secret-key';
/** Every request the server answered, as `<language or runner> GET /path?query`. */
const calls: string[] = [];
const busy = new Map<string, number>();
let server: Server;
let baseUrl = '';
let folder = '';

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'recipe-code-unit-'));
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://server');
    calls.push(`${String(request.headers['x-run'] ?? request.headers['user-agent'])} ${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${key}`) return json(401, { message: 'no key' });
    if (url.pathname === '/items') {
      // Three items, one a page; past them an empty page whose end is where it began.
      const offset = Number(url.searchParams.get('offset'));
      return json(
        200,
        offset < 3 ? { items: [{ id: `item-${offset}` }], end: offset + 1 } : { items: [], end: offset },
      );
    }
    const mode = url.pathname.replace('/check/', '');
    if (mode === 'fail') return response.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
    // Busy at every other call from one client: the first answer asks it to wait a second.
    const agent = String(request.headers['user-agent']);
    if (mode === 'busy') busy.set(agent, (busy.get(agent) ?? 0) + 1);
    if (mode === 'busy' && busy.get(agent)! % 2 === 1)
      return response.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' }).end('slow down');
    return json(200, { ok: true, path: decodeURIComponent(mode), query: [...url.searchParams] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const settings = () =>
  sampleSettings(pagesDocument, {
    credentialVariable: 'PAGES_KEY',
    baseUrlVariable: 'PAGES_URL',
    mockUrl: baseUrl,
    trustedOrigins: ['https://pages.example', new URL(baseUrl).origin],
  });
const programs = (document: ArazzoDocument = pagesRecipe) =>
  recipeCode(
    'openapi/recipes/pages.arazzo.yaml',
    'pages',
    document,
    codeSources({ pages: { document: pagesDocument, api: 'pages', settings: settings() } }),
  );

function runProgram(code: RecipeCode, workflow: string) {
  // Each run names itself to the server through curl's, Node's and Python's user agents: none sends `x-run`.
  const env = { PATH: process.env.PATH, HOME: folder, LANG: 'C.UTF-8', PAGES_KEY: key, PAGES_URL: baseUrl };
  return runRecipeProgram(code, { folder, name: workflow, args: ['--workflow', workflow], env });
}

let runs = 0;
async function runnerRun(workflowId: string) {
  runs += 1;
  const run = `runner-${runs}`;
  const inputs: Record<string, unknown> = { key };
  for (const [name, schema] of Object.entries(
    pagesRecipe.workflows.find((workflow) => workflow.workflowId === workflowId)?.inputs?.properties ?? {},
  )) {
    if (schema.examples) inputs[name] = schema.examples[0];
  }
  const { result } = await runRecipeToEnd({
    document: pagesRecipe,
    workflowId,
    inputs,
    resolveOperation: operationResolver({ pages: { document: pagesDocument, serverUrl: baseUrl } }),
    send: async (request: HttpRequest): Promise<RecipeAnswer> => {
      const response = await fetch(request.url, {
        method: request.method,
        headers: [...request.headers, ['x-run', run]],
      });
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      return { status: response.status, headers, body: await response.text() };
    },
    trustedOrigins: [new URL(baseUrl).origin],
  });
  return { result, calls: callsOf(run) };
}

/** The paths a run called, in order. */
const callsOf = (run: string) =>
  calls.filter((call) => call.startsWith(`${run} `)).map((call) => call.slice(run.length + 1));
const agentOf = (code: RecipeCode) => ({ shell: 'curl/', node: 'node', python: 'Python-urllib/' })[code.language];
function programCalls(code: RecipeCode, from: number): string[] {
  return calls
    .slice(from)
    .filter((call) => call.startsWith(agentOf(code)))
    .map((call) => call.slice(call.indexOf(' ') + 1));
}

const languages = ['shell', 'node', 'python'] as const;

// Each shell program starts jq a few times a step: on a loaded 2-core machine a paging run can take seconds.
describe('the programs do what the runner does', { timeout: 20_000 }, () => {
  test.each(languages)('%s: a paging loop stops on its end criterion', async (language) => {
    const code = programs().find((item) => item.language === language)!;
    const runner = await runnerRun('readAll');
    expect(runner.result.status).toBe('succeeded');
    const from = calls.length;
    const run = await runProgram(code, 'readAll');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(runner.result.outputs);
    // Offsets 0 to 3, the last an empty page whose end is not past its offset: then no more.
    expect(programCalls(code, from)).toEqual(runner.calls);
    expect(runner.calls).toHaveLength(4);
  });

  test.each(languages)('%s: a goto is followed, and hostile text arrives as it is', async (language) => {
    const code = programs().find((item) => item.language === language)!;
    const runner = await runnerRun('jump');
    expect(runner.result.status).toBe('succeeded');
    const from = calls.length;
    const run = await runProgram(code, 'jump');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(runner.result.outputs);
    // `second` is skipped: the goto's criterion held.
    expect(programCalls(code, from).map((call) => call.split('?')[0])).toEqual(['/check/ok', '/check/echo']);
    expect(runner.calls.map((call) => call.split('?')[0])).toEqual(['/check/ok', '/check/echo']);
    // The query parameter's name and the input's example, both from the documents, reached the server unchanged.
    expect(JSON.parse(run.stdout)).toMatchObject({ echoed: [[hostile, hostile]], path: 'echo' });
    expect(existsSync(path.join(folder, 'pwned'))).toBe(false);
  });

  test.each(languages)('%s: a 429 is waited out as Retry-After asks, once', async (language) => {
    const code = programs().find((item) => item.language === language)!;
    const from = calls.length;
    const started = Date.now();
    const run = await runProgram(code, 'busy');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ path: 'busy' });
    expect(programCalls(code, from)).toEqual(['/check/busy', '/check/busy']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  test.each(languages)('%s: a failed success criterion exits non-zero, naming the step', async (language) => {
    const code = programs().find((item) => item.language === language)!;
    const runner = await runnerRun('failing');
    expect(runner.result).toMatchObject({ status: 'failed', reason: expect.stringContaining('broken') as string });
    const run = await runProgram(code, 'failing');
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('failing: step broken failed: $statusCode == 200 does not hold (HTTP 500): boom');
  });
});

describe('what the programs cannot express stops the build, naming where', () => {
  const change = (step: Partial<ArazzoDocument['workflows'][number]['steps'][number]>): ArazzoDocument => ({
    ...pagesRecipe,
    workflows: pagesRecipe.workflows.map((workflow) =>
      workflow.workflowId === 'failing' ? { ...workflow, steps: [{ ...workflow.steps[0], ...step }] } : workflow,
    ),
  });
  test.each([
    ['a retry', { onFailure: [{ name: 'again', type: 'retry' as const, retryAfter: 1 }] }, 'the action again retries'],
    ['a regex criterion', { successCriteria: [{ condition: '^2', context: '$statusCode', type: 'regex' }] }, 'a regex'],
    [
      'an unknown step',
      { outputs: { x: '$steps.nowhere.outputs.y' } },
      'reads $steps.nowhere.outputs.y, but the workflow has no step nowhere',
    ],
    ['a cookie', { parameters: [{ name: 'session', in: 'cookie' as const, value: 'x' }] }, 'the cookie parameter'],
  ])('%s', (_name, step, reason) => {
    expect(() => programs(change(step))).toThrow(RecipeCodeError);
    expect(() => programs(change(step))).toThrow(
      `recipe openapi/recipes/pages.arazzo.yaml, workflow failing, step broken: ${reason}`,
    );
  });
});

test('an input the command line cannot take, or a name JavaScript cannot keep, names its workflow', () => {
  const withInput = (name: string): ArazzoDocument => ({
    ...pagesRecipe,
    workflows: pagesRecipe.workflows.map((workflow) =>
      workflow.workflowId === 'failing'
        ? { ...workflow, inputs: { ...workflow.inputs, properties: { ...workflow.inputs?.properties, [name]: {} } } }
        : workflow,
    ),
  });
  expect(() => programs(withInput('workflow'))).toThrow(
    "recipe openapi/recipes/pages.arazzo.yaml, workflow failing: an input named workflow would be the programs' --workflow",
  );
  expect(() => programs(withInput('__proto__'))).toThrow(
    'recipe openapi/recipes/pages.arazzo.yaml, workflow failing: the name __proto__ is not written out',
  );
});

describe('document text reaches a program only quoted', () => {
  test.each(languages)('%s: no line of a comment or code holds the raw text', (language) => {
    const code = programs().find((item) => item.language === language)!.code;
    // The summary and description are comments of one line each, their line breaks (any a language reads as one)
    // made spaces; everywhere else the text is inside a string literal, its line breaks escaped.
    expect(code).not.toContain(hostile);
    const lines = code.split(/\r\n|[\n\r\u2028\u2029]/).map((line) => line.trimStart());
    expect(lines.filter((line) => line.startsWith('# next line') || line.startsWith("'); import os"))).toEqual([]);
    expect(code).toContain('# next line');
  });
});
