import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiByKey } from '../../../config/apis';
import { runNode } from '../../build/node/runNode';
import { freePort } from '../../../tools/lib/process';
import { startMock, type MockServer } from '../../../tools/mock/mockServer';
import type { JsonObject } from '../openapi/document';
import { parseDocumentText } from '../openapi/parse';
import type { HttpRequest } from '../openapi/request';
import { operationResolver } from './requests';
import type { RecipeAnswer } from './runModel';
import { runRecipeToEnd } from './runner';
import type { ArazzoDocument } from './types';

/**
 * Every workflow of every recipe, run end to end against the mocks twice: by our runner and by Redocly's
 * `redocly respect`. Both passing on the same documents, inputs and mocks is the check that our runner reads Arazzo
 * as Redocly does (the recipes were written and linted with Redocly's tools).
 */

const recipesFolder = 'openapi/recipes';
const recipeFiles = readdirSync(recipesFolder)
  .filter((name) => name.endsWith('.arazzo.yaml'))
  .sort();
const recipes = recipeFiles.map((file) => ({
  file: path.join(recipesFolder, file),
  document: parseDocumentText(readFileSync(path.join(recipesFolder, file), 'utf8')) as unknown as ArazzoDocument,
}));
const entries = recipes.flatMap(({ file, document }) =>
  document.workflows.map((workflow) => ({ file, document, workflow })),
);

/** Each source of the recipes is one of the APIs: the vendored document its `url` names, served by its mock. */
const apiOfSource = (url: string) => (path.basename(url).startsWith('chat') ? 'chat' : 'data');

type Runner = 'ours' | 'respect';
type Entry = (typeof entries)[number];
const entryName = (entry: Entry) => `${path.basename(entry.file)} ${entry.workflow.workflowId}`;
const usesChat = (entry: Entry) =>
  entry.document.sourceDescriptions.some((source) => apiOfSource(source.url) === 'chat');

const mocks = {} as Record<'data' | 'chat', MockServer>;
/**
 * A credential of its own for each workflow and runner, so the mocks' logs tell the runs apart while they overlap:
 * made up for the Data API's mock (it takes any key), issued by the Chat API mock's OAuth2 server.
 */
const credentials = new Map<string, string>();
const credential = (entry: Entry, runner: Runner) => credentials.get(`${entryName(entry)} ${runner}`)!;

beforeAll(async () => {
  [mocks.data, mocks.chat] = await Promise.all([
    startMock('data', await freePort(), { document: apiByKey('data').vendored }),
    // The Chat API's gate takes only tokens its own OAuth2 server issued, as production does.
    startMock('chat', await freePort(), { document: apiByKey('chat').vendored }),
  ]);
  for (const entry of entries) {
    for (const runner of ['ours', 'respect'] as const) {
      const key = `${entryName(entry)} ${runner}`;
      credentials.set(
        key,
        usesChat(entry) ? await mocks.chat.oauth!.issueToken() : `key-${entry.workflow.workflowId}-${runner}`,
      );
    }
  }
}, 120_000);
afterAll(async () => {
  await Promise.all([mocks.data?.stop(), mocks.chat?.stop()]);
});

/**
 * The paging workflows an entry runs, each with its page step (its first call): a workflow one of whose steps calls
 * that workflow itself (the next page), the entry's own or one it calls.
 */
function pagingWorkflows(entry: Entry): { workflowId: string; pageStep: string }[] {
  const byId = new Map(entry.document.workflows.map((workflow) => [workflow.workflowId, workflow]));
  const reached = new Set<string>();
  const visit = (id: string) => {
    if (reached.has(id)) return;
    reached.add(id);
    for (const step of byId.get(id)?.steps ?? []) if (step.workflowId) visit(step.workflowId);
  };
  visit(entry.workflow.workflowId);
  return [...reached].flatMap((id) => {
    const steps = byId.get(id)?.steps ?? [];
    const pageStep = steps.find((step) => !step.workflowId)?.stepId;
    return steps.some((step) => step.workflowId === id) && pageStep ? [{ workflowId: id, pageStep }] : [];
  });
}

/** A workflow's inputs from its document: each input's first `examples` value, and the credential of the run. */
function exampleInputs(entry: Entry, runner: Runner): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(entry.workflow.inputs?.properties ?? {})) {
    if (schema.format === 'password') inputs[name] = credential(entry, runner);
    else if (Array.isArray(schema.examples) && schema.examples.length > 0) inputs[name] = schema.examples[0];
  }
  return inputs;
}

/**
 * The calls a run made, in order, as the mock received them (method, path, query pairs sorted: the two runners may
 * order a query's pairs differently), found by the run's own credential.
 */
function callsOf(entry: Entry, runner: Runner): string[] {
  const bearer = `Bearer ${credential(entry, runner)}`;
  return [...mocks.data.received, ...mocks.chat.received]
    .filter((request) => request.headers.authorization === bearer)
    .map((request) => {
      const url = new URL(request.url, 'http://mock');
      url.searchParams.sort();
      return `${request.method} ${url.pathname}${url.search}`;
    });
}

const sourceDocuments = new Map<string, JsonObject>();
function sourceDocument(recipeFile: string, url: string): JsonObject {
  const file = path.resolve(path.dirname(recipeFile), url);
  if (!sourceDocuments.has(file)) sourceDocuments.set(file, parseDocumentText(readFileSync(file, 'utf8')));
  return sourceDocuments.get(file)!;
}

/** Node's fetch, as MCP and CI send. */
async function send(request: HttpRequest): Promise<RecipeAnswer> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return { status: response.status, headers, body: await response.text() };
}

describe('every recipe runs against the mocks with our runner', () => {
  test.each(entries.map((entry) => [entryName(entry), entry] as const))('%s', async (_name, entry) => {
    const { file, document, workflow } = entry;
    const resolveOperation = operationResolver(
      Object.fromEntries(
        document.sourceDescriptions.map((source) => [
          source.name,
          { document: sourceDocument(file, source.url), serverUrl: mocks[apiOfSource(source.url)].url },
        ]),
      ),
    );
    const confirmed: string[] = [];
    const { result, events } = await runRecipeToEnd({
      document,
      workflowId: workflow.workflowId,
      inputs: exampleInputs(entry, 'ours'),
      resolveOperation,
      send,
      // CI confirms each write, and the test names which were asked about.
      confirm: (step) => {
        confirmed.push(step.stepId);
        return Promise.resolve(true);
      },
      trustedOrigins: [new URL(mocks.data.url).origin, new URL(mocks.chat.url).origin],
    });
    expect(result, JSON.stringify(events.slice(-6), null, 1)).toMatchObject({ status: 'succeeded' });
    for (const name of Object.keys(workflow.outputs ?? {})) {
      expect(result.outputs[name], `output ${name}`).not.toBeUndefined();
    }
    // Only the chat recipe's post writes.
    expect(confirmed).toEqual(workflow.workflowId === 'chatBotPost' ? ['post'] : []);
    expect(JSON.stringify(events)).not.toContain(credential(entry, 'ours'));
    expect(callsOf(entry, 'ours').length).toBeGreaterThan(0);
    // A paging loop that stopped after its first page would pass every check above: each paging workflow must have
    // asked for more than one page (respect's calls are compared with these below).
    for (const { workflowId, pageStep } of pagingWorkflows(entry)) {
      const urls = new Set(
        events.flatMap((event) =>
          event.type === 'request' && event.workflowId === workflowId && event.stepId === pageStep
            ? [event.request.url]
            : [],
        ),
      );
      expect(urls.size, `pages read by ${workflowId}'s ${pageStep}: ${[...urls].join(', ')}`).toBeGreaterThan(1);
    }
  });
});

describe('and with redocly respect, which passes too, making the same calls in the same order', () => {
  /**
   * Each `redocly respect` run is its own Node process of about a second and a half of CPU on start: three at a time
   * keep a 2-core machine busy without starving the mocks that answer them.
   */
  const results = new Map<string, Promise<{ code: number | null; output: string }>>();
  function respect(entry: Entry) {
    const key = `${entry.file}#${entry.workflow.workflowId}`;
    if (!results.has(key)) {
      const servers = entry.document.sourceDescriptions.map(
        (source) => `${source.name}=${mocks[apiOfSource(source.url)].url}`,
      );
      const args = [
        'node_modules/@redocly/cli/bin/cli.js',
        'respect',
        entry.file,
        '--workflow',
        entry.workflow.workflowId,
        '--input',
        JSON.stringify(exampleInputs(entry, 'respect')),
        ...servers.flatMap((server) => ['--server', server]),
        '--max-steps',
        '40',
      ];
      results.set(
        key,
        limited(() => runNode(args, { env: { ...process.env, REDOCLY_TELEMETRY: 'off' } })),
      );
    }
    return results.get(key)!;
  }

  let running = 0;
  const waiting: (() => void)[] = [];
  async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running >= 3) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  beforeAll(() => {
    // Started together, so the runs overlap; each test awaits its own.
    for (const entry of entries) void respect(entry);
  });

  test.each(entries.map((entry) => [entryName(entry), entry] as const))('%s', async (_name, entry) => {
    const { code, output } = await respect(entry);
    expect(code, output).toBe(0);
    // Our run of the same workflow (the describe above) made these calls: the paging loops turned as often.
    expect(callsOf(entry, 'respect')).toEqual(callsOf(entry, 'ours'));
  });
});
