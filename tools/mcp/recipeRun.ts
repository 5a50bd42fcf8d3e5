import { operationResolver } from '../../src/core/recipes/requests';
import { defaultMaxSteps, type RecipeAnswer, type RunResult, type TraceEvent } from '../../src/core/recipes/runModel';
import { runRecipeToEnd } from '../../src/core/recipes/runner';
import { traceMarkdown } from '../../src/core/recipes/trace';
import type { JsonSchemaObject } from '../../src/core/recipes/types';
import { readCapped } from '../../src/build/node/readCapped';
import { namesList } from './arguments';
import { confirmWrite, hideCredentials, maxResponseBytes, type Ask } from './callGate';
import type { ToolContext } from './context';
import { apiTarget, credentialInputs, publishedRecipe, recipeSources, writeSteps } from './recipes';

/**
 * What `run_recipe` does, apart from the MCP plumbing, so it can be tested as it is: one workflow of a published
 * recipe (tools/mcp/recipes.ts reads them), run by the site's own runner (src/core/recipes/runner.ts) with what
 * `call_operation` holds to: the API's own hosts, its credential from the environment, answers read up to a cap,
 * redirects not followed, and every write confirmed by the person (callGate.ts's question, or `--allow-writes` for a
 * client that cannot ask). Bounded in steps and in time.
 */

/** The most steps a run may be given (each call, retry and workflow call counted). */
export const maxRecipeSteps = 200;
/** How long a run's calls may take in all; the time the person takes to answer a confirmation is not counted. */
export const recipeTimeLimitSeconds = 120;
/** How long one call may take. */
const requestSeconds = 30;
/** The most of each answer's body the trace shows (the runner's expressions read the whole body). */
const traceBodyCharacters = 4_000;
/** The most of the trace the answer holds; the run's result always follows it. */
const maxTraceCharacters = 60_000;
/** The most of the outputs the text shows; the structured result holds them whole. */
const maxOutputCharacters = 20_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A fenced block whose fence is longer than any run of backticks in the text (outputs come from answers). */
function codeBlock(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** A value with every form of the credentials hidden in its strings. */
function hiddenValue<T>(value: T, hide: (text: string) => string): T {
  if (typeof value === 'string') return hide(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => hiddenValue(item, hide)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [hide(key), hiddenValue(item, hide)])) as T;
  }
  return value;
}

export interface RecipeRunArgs {
  recipe: string;
  workflow?: string;
  inputs?: Record<string, unknown>;
  maxSteps?: number;
}

export interface RecipeRunOptions {
  env: Record<string, string | undefined>;
  allowWrites?: boolean;
  /** How to ask the person; absent when the client cannot (no elicitation). */
  ask?: Ask;
  fetchImpl?: typeof fetch;
  /** The MCP request's own signal: a client that cancels stops the run. */
  signal?: AbortSignal;
  timeLimitSeconds?: number;
}

export interface RecipeRun {
  text: string;
  recipe: string;
  workflow: string;
  result: RunResult;
  events: TraceEvent[];
}

/**
 * A time limit that stands still while the person is asked: a run has `seconds` for its calls, however long a
 * confirmation takes (that has its own timeout).
 */
function pausableDeadline(seconds: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let remaining = seconds * 1000;
  let started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => controller.abort(), remaining);
  return {
    signal: outer ? AbortSignal.any([outer, controller.signal]) : controller.signal,
    get expired() {
      return controller.signal.aborted;
    },
    pause() {
      clearTimeout(timer);
      timer = undefined;
      remaining -= Date.now() - started;
    },
    resume() {
      started = Date.now();
      timer = setTimeout(() => controller.abort(), Math.max(0, remaining));
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}

/** Node's fetch as the runner's `send`: no redirect followed, each call timed, its answer read up to the cap. */
function sender(fetchImpl: typeof fetch) {
  return async (
    request: { method: string; url: string; headers: [string, string][]; body?: string },
    signal?: AbortSignal,
  ): Promise<RecipeAnswer> => {
    const timeout = AbortSignal.timeout(requestSeconds * 1000);
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      // A redirect is answered as it is, never followed: the credential stays on the API's own host.
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const read = await readCapped(response, maxResponseBytes);
    // A cut body would be read as some other value by the next step's expressions: the step fails instead.
    if (read.truncated)
      throw new Error(`the answer is longer than ${maxResponseBytes} bytes, and the rest was not read`);
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    return { status: response.status, headers, body: new TextDecoder().decode(read.bytes) };
  };
}

function inputHelp(name: string, schema: JsonSchemaObject | undefined): string {
  const property = schema?.properties?.[name];
  const example =
    Array.isArray(property?.examples) && property.format !== 'password' ? property.examples[0] : undefined;
  const description = typeof property?.description === 'string' ? `: ${property.description}` : '';
  return `\`${name}\`${description}${example !== undefined ? ` (for example ${JSON.stringify(example)})` : ''}`;
}

/**
 * Runs one workflow of a published recipe with the server's APIs, credentials and limits, and answers its trace as
 * Markdown with the run's status and outputs. Throws, with one sentence and nothing sent, when the run cannot start:
 * an unknown recipe or workflow, a missing input, a server off the API's hosts, or a write this client cannot
 * confirm (the run is refused whole, so no half of a task is done).
 */
export async function runPublishedRecipe(
  context: Pick<ToolContext, 'source' | 'apiOf' | 'load'>,
  args: RecipeRunArgs,
  options: RecipeRunOptions,
): Promise<RecipeRun> {
  const { entry, document } = await publishedRecipe(context.source, args.recipe);
  const workflow = args.workflow
    ? document.workflows.find((candidate) => candidate.workflowId === args.workflow)
    : document.workflows[0];
  if (!workflow) {
    throw new Error(
      `the recipe ${entry.stem} has no workflow ${JSON.stringify(args.workflow)}; it has ${namesList(document.workflows.map((each) => each.workflowId))}`,
    );
  }
  const sources = await recipeSources(document, context);
  const targets = new Map<string, { serverUrl: string; credential?: string }>();
  for (const { api } of sources.values()) targets.set(api.id, apiTarget(api, options.env));

  // A credential input left out is the server's own credential for its API.
  const inputs: Record<string, unknown> = { ...args.inputs };
  const filled: string[] = [];
  const secrets = new Set<string>();
  for (const [name, api] of credentialInputs(workflow, sources)) {
    const given = inputs[name];
    if (typeof given === 'string' && given !== '') {
      secrets.add(given);
      continue;
    }
    const credential = targets.get(api.id)?.credential;
    if (credential === undefined) continue;
    inputs[name] = credential;
    secrets.add(credential);
    filled.push(
      `\`${name}\` is the server's ${api.credentialVariable}${options.env[api.credentialVariable] ? '' : ' (the local mock takes any)'}`,
    );
  }
  const missing = (workflow.inputs?.required ?? []).filter(
    (name) => inputs[name] === undefined && workflow.inputs?.properties?.[name]?.default === undefined,
  );
  if (missing.length > 0) {
    throw new Error(
      `the workflow ${workflow.workflowId} of ${entry.stem} needs ${missing.map((name) => inputHelp(name, workflow.inputs)).join('; ')}: nothing was sent`,
    );
  }

  // A client that cannot ask, on a server that does not allow writes, is refused before the first call: the task's
  // reads are not made for a write that will not be sent.
  const writes = writeSteps(document, workflow, sources);
  if (writes.length > 0 && !options.ask) {
    const named = writes.map((step) => `the step ${step.stepId} (${step.method} ${step.path})`).join(' and ');
    await confirmWrite(`The recipe ${entry.stem}: ${named}`, undefined, {
      env: options.env,
      allowWrites: options.allowWrites,
    });
  }

  const hideInQuestion = (text: string) => hideCredentials(text, [...secrets]);
  const deadline = pausableDeadline(options.timeLimitSeconds ?? recipeTimeLimitSeconds, options.signal);
  const refusals: string[] = [];
  let run: { result: RunResult; events: TraceEvent[] };
  try {
    run = await runRecipeToEnd({
      document,
      workflowId: workflow.workflowId,
      inputs,
      resolveOperation: operationResolver(
        Object.fromEntries(
          [...sources].map(([name, { api, loaded }]) => [
            name,
            { document: loaded.document, api: api.id, serverUrl: targets.get(api.id)?.serverUrl ?? api.mockUrl },
          ]),
        ),
      ),
      send: sender(options.fetchImpl ?? fetch),
      // The runner hands over the request with credentials already hidden; callGate.ts asks in its own words.
      confirm: async (_step, request) => {
        deadline.pause();
        try {
          const how = await confirmWrite(
            `${request.method} ${hideInQuestion(request.url)}`,
            request.body === undefined ? undefined : hideInQuestion(request.body),
            { env: options.env, allowWrites: options.allowWrites, ...(options.ask ? { ask: options.ask } : {}) },
          );
          // Nobody was asked: the trace must not say the write was confirmed.
          return how === 'confirmed' || { unasked: 'the server was started with --allow-writes' };
        } catch (error) {
          refusals.push(message(error));
          return false;
        } finally {
          deadline.resume();
        }
      },
      trustedOrigins: [...new Set([...sources.values()].flatMap((source) => source.api.trustedOrigins))],
      maxSteps: Math.min(args.maxSteps ?? defaultMaxSteps, maxRecipeSteps),
      signal: deadline.signal,
      traceBodyLimit: traceBodyCharacters,
    });
  } finally {
    deadline.dispose();
  }

  const { result } = run;
  const hide = (text: string) => hideCredentials(text, [...secrets]);
  const outputs = hiddenValue(result.outputs, hide);
  let trace = traceMarkdown(run.events, { title: entry.title });
  if (trace.length > maxTraceCharacters) {
    trace = `${trace.slice(0, maxTraceCharacters)}\n\n…(the trace is cut at ${maxTraceCharacters} characters; the run's result follows)\n`;
  }
  // The runner says only that the run was stopped; the deadline knows why.
  const timedOut = deadline.expired && result.status === 'stopped';
  const why = [
    ...(timedOut
      ? [`the run stopped at its time limit of ${options.timeLimitSeconds ?? recipeTimeLimitSeconds} s`]
      : result.reason
        ? [result.reason]
        : []),
    ...refusals,
  ];
  let outputsText = JSON.stringify(outputs, null, 2);
  if (outputsText.length > maxOutputCharacters) {
    outputsText = `${outputsText.slice(0, maxOutputCharacters)}\n…(cut at ${maxOutputCharacters} characters: the structured result holds the outputs whole)`;
  }
  const summary = [
    '## The run',
    [
      `- Recipe: ${entry.stem}, workflow ${workflow.workflowId} (${context.source.siteUrl}${entry.route})`,
      `- Status: **${result.status}** after ${result.steps} ${result.steps === 1 ? 'step' : 'steps'}`,
      ...why.map((reason) => `- Why: ${reason}`),
      ...[...sources.values()].map(
        ({ api }) => `- ${api.title}: sent to ${targets.get(api.id)?.serverUrl ?? api.mockUrl}`,
      ),
      ...filled.map((line) => `- ${line}`),
    ].join('\n'),
    'Outputs:',
    codeBlock(outputsText, 'json'),
  ].join('\n\n');
  return {
    text: hide(`${trace}\n${summary}\n`),
    recipe: entry.stem,
    workflow: workflow.workflowId,
    result: { ...result, outputs, ...(why.length > 0 ? { reason: hide(why.join('; ')) } : {}) },
    events: run.events,
  };
}
