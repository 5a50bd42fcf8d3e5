import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiByKey, apis } from '../../../../config/apis';
import { loadRecipes } from '../../../build/recipes/load';
import { recipePage } from '../../../build/recipes/pages';
import { recipes as recipeOptions } from '../../../build/siteOptions';
import { freePort } from '../../../../tools/lib/process';
import { startMock, type MockServer } from '../../../../tools/mock/mockServer';
import type { JsonObject } from '../../openapi/document';
import { parseDocumentText } from '../../openapi/parse';
import type { HttpRequest } from '../../openapi/request';
import { operationResolver } from '../requests';
import type { RecipeAnswer } from '../runModel';
import { runRecipeToEnd } from '../runner';
import type { ArazzoWorkflow } from '../types';
import type { RecipeCode } from '.';
import { runRecipeProgram } from '../../../../tests/harness/recipePrograms';

/**
 * Every recipe's programs, as its page shows them (the build's own `recipePage`), run as a reader runs them: each
 * workflow in bash (curl and jq), Node.js and Python, with nothing in the environment but the site's convention
 * pointed at the mocks and the workflow's inputs, some on the command line and some in their variables. Each must
 * exit 0 and print the outputs the TypeScript runner (../runner.ts) gets for the same inputs from the same mocks.
 */

const loaded = loadRecipes(process.cwd(), recipeOptions.apis);
const documents = new Map<string, JsonObject>(
  apis.map((api) => [api.id, parseDocumentText(readFileSync(api.vendored, 'utf8'))]),
);
const pages = loaded.map((recipe) => ({ recipe, page: recipePage(recipe, documents, recipeOptions.apis) }));
const entries = pages.flatMap(({ recipe, page }) =>
  recipe.document.workflows.map((workflow) => ({ recipe, page, workflow })),
);
type Entry = (typeof entries)[number];

const mocks = {} as Record<string, MockServer>;
let token = '';
let folder = '';
const keyOf = (apiId: string) => apis.find((api) => api.id === apiId)!.key;

beforeAll(async () => {
  [mocks.data, mocks.chat] = await Promise.all([
    startMock('data', await freePort(), { document: apiByKey('data').vendored }),
    // The Chat API's gate takes only tokens its own OAuth2 server issued, as production does.
    startMock('chat', await freePort(), { document: apiByKey('chat').vendored }),
  ]);
  token = await mocks.chat.oauth!.issueToken();
  folder = mkdtempSync(path.join(tmpdir(), 'recipe-code-'));
}, 120_000);
afterAll(async () => {
  await Promise.all([mocks.data?.stop(), mocks.chat?.stop()]);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The credential of an API: made up for the Data API's mock (it takes any key), issued for the Chat API's. */
const credentialOf = (apiId: string) => (keyOf(apiId) === 'chat' ? token : `key-recipe-code-${apiId}`);

/** A workflow's inputs from its document: each input's first example, and the credential of its API. */
function exampleInputs(entry: Entry): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  const apiId = Object.values(entry.recipe.sources)[0];
  for (const [name, schema] of Object.entries(entry.workflow.inputs?.properties ?? {})) {
    if (schema.format === 'password') inputs[name] = credentialOf(apiId);
    else if (Array.isArray(schema.examples) && schema.examples.length > 0) inputs[name] = schema.examples[0];
  }
  return inputs;
}

async function send(request: HttpRequest): Promise<RecipeAnswer> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return { status: response.status, headers, body: await response.text() };
}

/** What the runner's outputs print as: JSON, a value it could not read as null (as the programs print it). */
const printed = (outputs: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(outputs, (_key, value: unknown) => (value === undefined ? null : value))) as unknown;

async function runnerOutputs(entry: Entry): Promise<unknown> {
  const sources = entry.recipe.document.sourceDescriptions.map((source) => {
    const apiId = entry.recipe.sources[source.name];
    return [source.name, { document: documents.get(apiId)!, serverUrl: mocks[keyOf(apiId)].url }] as const;
  });
  const { result, events } = await runRecipeToEnd({
    document: entry.recipe.document,
    workflowId: entry.workflow.workflowId,
    inputs: exampleInputs(entry),
    resolveOperation: operationResolver(Object.fromEntries(sources)),
    send,
    confirm: () => Promise.resolve(true),
    trustedOrigins: Object.values(mocks).map((mock) => new URL(mock.url).origin),
  });
  expect(result.status, JSON.stringify(events.slice(-4))).toBe('succeeded');
  return printed(result.outputs);
}

/**
 * The reader's environment: PATH, the credential and base URL variables of each API the recipe calls (at the
 * mocks), and every other input, in turn on the command line (`--name value`) and in its `RECIPE_` variable.
 */
function invocation(entry: Entry, code: RecipeCode): { args: string[]; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: folder, LANG: 'C.UTF-8' };
  for (const apiId of Object.values(entry.recipe.sources)) {
    const api = apis.find((candidate) => candidate.id === apiId)!;
    env[api.credential.variable] = credentialOf(apiId);
    env[api.baseUrlVariable] = mocks[api.key].url;
  }
  const args = ['--workflow', entry.workflow.workflowId];
  const inputs = Object.entries(exampleInputs(entry)).filter(
    ([name]) => (entry.workflow.inputs?.properties ?? {})[name]?.format !== 'password',
  );
  inputs.forEach(([name, value], index) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (index % 2 === 0) args.push(`--${name}`, text);
    else env[envName(entry.workflow, name, code)] = text;
  });
  return { args, env };
}

/** The variable a program reads an input from, as its header comment documents (`--playerId`: RECIPE_PLAYER_ID). */
function envName(workflow: ArazzoWorkflow, name: string, code: RecipeCode): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[^A-Za-z0-9]+/);
  const variable = `RECIPE_${words.join('_').toUpperCase()}`;
  expect(code.code, `${workflow.workflowId}'s program reads ${name} from ${variable}`).toContain(variable);
  return variable;
}

describe('every recipe as a program, in every language, prints what the runner gets', () => {
  const expected = new Map<Entry, Promise<unknown>>();
  const cases = entries.flatMap((entry) =>
    entry.page.code.map(
      (code) => [`${entry.recipe.file} ${entry.workflow.workflowId} ${code.language}`, entry, code] as const,
    ),
  );
  test.each(cases)('%s', async (_name, entry, code) => {
    if (!expected.has(entry)) expected.set(entry, runnerOutputs(entry));
    const { args, env } = invocation(entry, code);
    const outcome = await runRecipeProgram(code, { folder, name: entry.workflow.workflowId, args, env });
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(JSON.parse(outcome.stdout)).toEqual(await expected.get(entry));
    // Nothing of the credential is printed.
    expect(outcome.stdout + outcome.stderr).not.toContain(credentialOf(Object.values(entry.recipe.sources)[0]));
  });
});
