import { listOperations, type Json, type JsonObject } from '../openapi/document';
import { buildRequest, type HttpRequest, type ParameterValues } from '../openapi/request';
import { isTrustedServer } from '../openapi/servers';
import { operationView, type OperationView, type ParameterView, type SecurityView } from '../openapi/view';
import { evaluateCriterion, evaluateValue, type ExpressionContext } from './expressions';
import type {
  ArazzoAction,
  ArazzoCriterion,
  ArazzoDocument,
  ArazzoSecurity,
  ArazzoStep,
  ArazzoWorkflow,
} from './types';

/**
 * The recipe runner: one Arazzo workflow, step by step, as an async generator of trace events. The page, the MCP
 * server and CI run recipes with it; what differs between them is injected (how a call is found and where it goes,
 * how a request is sent, how a write is confirmed), so this file runs in the browser and in Node alike.
 *
 * Each request is built by the site's own request model (`buildRequest`), so a recipe's values meet the rules Try it
 * holds to: a path segment of `.` or `..` and a header with a line break are refused, and the URL must stay on the
 * server, which must be on one of the trusted origins. A refused request ends the run with the reason; nothing is
 * sent.
 */

/** A call as a step makes it: the site's model of the operation, and the server it is sent to. */
export interface ResolvedOperation {
  view: OperationView;
  serverUrl: string;
}

/** The call a step names (`$sourceDescriptions.data.getPlayer` is source `data`, operationId `getPlayer`). */
export type ResolveOperation = (
  source: string,
  operationId: string,
) => ResolvedOperation | undefined | Promise<ResolvedOperation | undefined>;

/** An answer as the caller's `send` returns it; the body as text (the caller bounds what it reads). */
export interface RecipeAnswer {
  status: number;
  headers: Record<string, string> | readonly (readonly [string, string])[];
  body: string;
}

export interface RunOptions {
  document: ArazzoDocument;
  /** The workflow to run; the document's first when left out. */
  workflowId?: string;
  inputs: Record<string, unknown>;
  resolveOperation: ResolveOperation;
  send: (request: HttpRequest, signal?: AbortSignal) => Promise<RecipeAnswer>;
  /**
   * Asked before a step whose method writes (anything but GET, HEAD and OPTIONS) is sent, with the request as it
   * will be sent, credentials hidden. Without it, a write step is refused and the run stops.
   */
  confirm?: (step: ArazzoStep, request: HttpRequest) => Promise<boolean>;
  /** The origins a request may go to (the API's own hosts, the local mock); any other server is refused. */
  trustedOrigins: readonly string[];
  /** The most steps a run takes, each call, retry and workflow call counted: a loop cannot run forever. */
  maxSteps?: number;
  signal?: AbortSignal;
  /** The most characters of an answer's body a trace event keeps (expressions read the whole body). */
  traceBodyLimit?: number;
  /** Waits `retryAfter`; injected so tests do not wait. */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

export const defaultMaxSteps = 50;
export const defaultTraceBodyLimit = 16_000;

export type RunStatus = 'succeeded' | 'failed' | 'stopped';

export interface RunResult {
  status: RunStatus;
  /** The entry workflow's outputs (those it could read when the run did not succeed). */
  outputs: Record<string, unknown>;
  reason?: string;
  /** Steps taken, as counted against `maxSteps`. */
  steps: number;
}

interface EventBase {
  /** The workflow the event belongs to and how deep it was called (0: the entry workflow). */
  workflowId: string;
  depth: number;
}

export type TraceEvent = EventBase &
  (
    | { type: 'workflow-started'; inputs: Record<string, unknown>; calledBy?: string }
    | { type: 'step-started'; stepId: string; description?: string; calls: string; attempt: number }
    | { type: 'confirmation'; stepId: string; request: HttpRequest; accepted: boolean }
    | { type: 'request'; stepId: string; request: HttpRequest }
    | {
        type: 'answer';
        stepId: string;
        status: number;
        headers: Record<string, string>;
        body: string;
        bodyCut: boolean;
      }
    | { type: 'criterion'; stepId: string; condition: string; met: boolean; reason?: string }
    | { type: 'outputs'; stepId: string; outputs: Record<string, unknown> }
    | {
        type: 'action';
        stepId: string;
        action: 'next' | 'end' | 'goto' | 'retry' | 'fail';
        name?: string;
        target?: string;
        reason?: string;
      }
    | { type: 'workflow-finished'; status: 'succeeded' | 'failed'; outputs: Record<string, unknown>; reason?: string }
    | { type: 'run-finished'; status: RunStatus; outputs: Record<string, unknown>; reason?: string; steps: number }
  );

/** What hides a credential in a trace. */
export const hiddenText = '[hidden]';

/** Methods that only read: sent without asking. */
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isWriteMethod(method: string): boolean {
  return !readMethods.has(method.toUpperCase());
}

/** Ends the whole run, through every workflow that called the one it happened in: no onFailure action applies. */
class RunHalt extends Error {
  constructor(
    readonly status: 'failed' | 'stopped',
    message: string,
  ) {
    super(message);
  }
}

interface WorkflowResult {
  status: 'succeeded' | 'failed';
  outputs: Record<string, unknown>;
  reason?: string;
}

/** A step's result: whether it succeeded, and what its actions' criteria are evaluated against. */
interface StepOutcome {
  success: boolean;
  context: ExpressionContext;
  reason?: string;
}

interface RunState {
  options: RunOptions;
  maxSteps: number;
  steps: number;
  secrets: Set<string>;
  workflows: ExpressionContext['workflows'];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Base64 of a text's UTF-8 bytes, as `buildRequest` writes a Basic credential (so it can be hidden too). */
function base64(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)));
}

/** Every string of a value with each secret (and its URL-encoded form) replaced by `[hidden]`. */
function hideSecrets<T>(value: T, secrets: ReadonlySet<string>): T {
  const forms = [...secrets]
    .flatMap((secret) => [secret, encodeURIComponent(secret)])
    .filter((form) => form !== '')
    .sort((a, b) => b.length - a.length);
  if (forms.length === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return forms.reduce((text, form) => text.replaceAll(form, hiddenText), item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    }
    return item;
  };
  return walk(value) as T;
}

function defaultSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
}

/**
 * `resolveOperation` over resolved OpenAPI documents by source name (the recipe's `sourceDescriptions`), each call
 * modelled by the site's `operationView`, sent to `serverUrl` (else the document's first server).
 */
export function operationResolver(
  sources: Record<string, { document: JsonObject; api?: string; serverUrl?: string }>,
): ResolveOperation {
  const cache = new Map<string, ResolvedOperation | undefined>();
  return (source, operationId) => {
    const key = `${source}\u0000${operationId}`;
    if (cache.has(key)) return cache.get(key);
    const entry = Object.hasOwn(sources, source) ? sources[source] : undefined;
    const ref = entry && listOperations(entry.document).find((item) => item.operation.operationId === operationId);
    let resolved: ResolvedOperation | undefined;
    if (entry && ref) {
      const view = operationView(entry.document, entry.api ?? source, ref);
      resolved = { view, serverUrl: entry.serverUrl ?? view.servers[0]?.url ?? '' };
    }
    cache.set(key, resolved);
    return resolved;
  };
}

/** `$sourceDescriptions.data.getPlayer` as source and operationId; a bare operationId is the first OpenAPI source's. */
function operationName(document: ArazzoDocument, operationId: string): { source: string; operationId: string } {
  const match = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(operationId);
  if (match) return { source: match[1], operationId: match[2] };
  const first = document.sourceDescriptions.find((source) => (source.type ?? 'openapi') === 'openapi');
  return { source: first?.name ?? '', operationId };
}

/** The inputs a workflow runs with: the given ones, each missing one at its schema's `default`. */
function workflowInputs(
  workflow: ArazzoWorkflow,
  given: Record<string, unknown>,
): { inputs: Record<string, unknown>; missing: string[] } {
  const properties = workflow.inputs?.properties ?? {};
  const inputs: Record<string, unknown> = { ...given };
  for (const [name, schema] of Object.entries(properties)) {
    if (inputs[name] === undefined && schema.default !== undefined) inputs[name] = schema.default;
  }
  const missing = (workflow.inputs?.required ?? []).filter((name) => inputs[name] === undefined);
  return { inputs, missing };
}

/** The inputs a workflow's schema marks `format: password`: kept out of every trace. */
function passwordInputs(workflow: ArazzoWorkflow, inputs: Record<string, unknown>): string[] {
  return Object.entries(workflow.inputs?.properties ?? {}).flatMap(([name, schema]) =>
    schema.format === 'password' && typeof inputs[name] === 'string' ? [inputs[name]] : [],
  );
}

/** The credential `buildRequest` takes for a scheme, from Redocly's `x-security` values of its type. */
function schemeCredential(scheme: SecurityView, values: Record<string, unknown>): string | undefined {
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  if (scheme.type === 'apiKey') return text('apiKey');
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return text('accessToken');
  if (scheme.placement?.scheme === 'basic') {
    const user = text('username');
    return user === undefined ? undefined : `${user}:${text('password') ?? ''}`;
  }
  if (scheme.type === 'http') return text('token');
  return undefined;
}

/**
 * The view a request is built from: of the call's security alternatives, the first whose every scheme has a
 * credential (the first when none has), and the step's parameters the document does not declare added as plain
 * ones, so `buildRequest` sends them with the same checks.
 */
function requestView(
  view: OperationView,
  parameters: { name: string; in: ParameterView['in'] }[],
  credentials: Map<string, Record<string, unknown>>,
): { view: OperationView; credentials: (string | undefined)[] } {
  const alternatives = [view.security, ...(view.otherSecurity ?? [])];
  const covered = alternatives.find(
    (alternative) =>
      alternative.length > 0 &&
      alternative.every((scheme) => {
        const values = credentials.get(scheme.name);
        return values !== undefined && schemeCredential(scheme, values) !== undefined;
      }),
  );
  const security = covered ?? view.security;
  const extra = parameters
    .filter((parameter) => parameter.in !== 'cookie')
    .filter((parameter) => !view.parameters.some((known) => known.name === parameter.name && known.in === parameter.in))
    .map((parameter): ParameterView => ({
      name: parameter.name,
      in: parameter.in,
      required: false,
      deprecated: false,
      description: '',
      type: 'string',
      baseType: 'string',
      explode: true,
    }));
  return {
    view: { ...view, security, parameters: [...view.parameters, ...extra] },
    credentials: security.map((scheme) => {
      const values = credentials.get(scheme.name);
      return values === undefined ? undefined : schemeCredential(scheme, values);
    }),
  };
}

/** An answer's headers by lower-case name (repeated headers joined as HTTP joins them). */
function headerRecord(headers: RecipeAnswer['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  const entries: (readonly [string, string])[] = Array.isArray(headers)
    ? [...(headers as readonly (readonly [string, string])[])]
    : Object.entries(headers as Record<string, string>);
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    record[key] = Object.hasOwn(record, key) ? `${record[key]}, ${value}` : value;
  }
  return record;
}

/** A body as expressions read it: JSON parsed when it is JSON, else the text. */
function parsedBody(text: string, contentType: string | undefined): unknown {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json') || (type === '' && /^\s*[[{]/.test(text))) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

const defaultCriterion = 'status 2xx (no successCriteria: the default)';

/** Runs one workflow of a recipe, yielding its trace; returns how it ended. Credentials never reach an event. */
export async function* runRecipe(options: RunOptions): AsyncGenerator<TraceEvent, RunResult, void> {
  const state: RunState = {
    options,
    maxSteps: options.maxSteps ?? defaultMaxSteps,
    steps: 0,
    secrets: new Set(),
    workflows: {},
  };
  const workflow = options.workflowId
    ? options.document.workflows.find((candidate) => candidate.workflowId === options.workflowId)
    : options.document.workflows[0];
  const entryId = options.workflowId ?? workflow?.workflowId ?? '';
  let result: RunResult;
  const inner = workflow ? runWorkflow(state, workflow, options.inputs, 0) : undefined;
  try {
    if (!inner) throw new RunHalt('failed', `the recipe has no workflow ${entryId}`);
    let next = await inner.next();
    while (!next.done) {
      yield hideSecrets(next.value, state.secrets);
      next = await inner.next();
    }
    const ended = next.value;
    result = { status: ended.status, outputs: ended.outputs, steps: state.steps };
    if (ended.reason !== undefined) result.reason = ended.reason;
  } catch (error) {
    if (!(error instanceof RunHalt)) throw error;
    result = {
      status: error.status,
      outputs: state.workflows[entryId]?.outputs ?? {},
      reason: error.message,
      steps: state.steps,
    };
  }
  yield hideSecrets({ type: 'run-finished', workflowId: entryId, depth: 0, ...result }, state.secrets);
  return result;
}

/** `runRecipe` to its end: the result and every event. */
export async function runRecipeToEnd(options: RunOptions): Promise<{ result: RunResult; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const run = runRecipe(options);
  let next = await run.next();
  while (!next.done) {
    events.push(next.value);
    next = await run.next();
  }
  return { result: next.value, events };
}

async function* runWorkflow(
  state: RunState,
  workflow: ArazzoWorkflow,
  given: Record<string, unknown>,
  depth: number,
  calledBy?: string,
): AsyncGenerator<TraceEvent, WorkflowResult, void> {
  const { workflowId } = workflow;
  const base = { workflowId, depth };
  const { inputs, missing } = workflowInputs(workflow, given);
  for (const secret of passwordInputs(workflow, inputs)) state.secrets.add(secret);
  const context: ExpressionContext = { inputs, steps: {}, workflows: state.workflows };
  const security = new Map<string, Record<string, unknown>>();
  const addSecurity = (into: Map<string, Record<string, unknown>>, entries: ArazzoSecurity[] | undefined) => {
    for (const entry of entries ?? []) {
      const values = evaluateValue(entry.values, context) as Record<string, unknown>;
      for (const value of Object.values(values)) if (typeof value === 'string') state.secrets.add(value);
      if (typeof values.username === 'string') {
        const password = typeof values.password === 'string' ? values.password : '';
        state.secrets.add(base64(`${values.username}:${password}`));
      }
      into.set(entry.schemeName, values);
    }
  };
  // The credentials are read first: they are secrets from then on, so the inputs shown below already hide them.
  try {
    addSecurity(security, workflow['x-security']);
  } catch (error) {
    throw new RunHalt('failed', `${workflowId}: x-security: ${message(error)}`);
  }
  yield { ...base, type: 'workflow-started', inputs, ...(calledBy ? { calledBy } : {}) };

  const finish = function* (
    status: WorkflowResult['status'],
    reason?: string,
  ): Generator<TraceEvent, WorkflowResult, void> {
    const outputs: Record<string, unknown> = {};
    for (const [name, expression] of Object.entries(workflow.outputs ?? {})) {
      try {
        outputs[name] = evaluateValue(expression, context);
      } catch (error) {
        if (status === 'succeeded') throw new RunHalt('failed', `${workflowId}: output ${name}: ${message(error)}`);
      }
    }
    state.workflows[workflowId] = { inputs, outputs };
    yield { ...base, type: 'workflow-finished', status, outputs, ...(reason !== undefined ? { reason } : {}) };
    return { status, outputs, ...(reason !== undefined ? { reason } : {}) };
  };

  if (missing.length > 0) return yield* finish('failed', `${workflowId} needs the input ${missing.join(', ')}`);

  /** One attempt at a step: its request and answer, or its workflow, its criteria and its outputs. */
  async function* attempt(step: ArazzoStep, number: number): AsyncGenerator<TraceEvent, StepOutcome, void> {
    if (state.options.signal?.aborted) throw new RunHalt('stopped', 'the run was stopped');
    state.steps += 1;
    if (state.steps > state.maxSteps) {
      state.steps -= 1;
      throw new RunHalt('stopped', `the run stopped at its limit of ${state.maxSteps} steps, before ${step.stepId}`);
    }
    const calls = step.workflowId
      ? `workflow ${step.workflowId}`
      : (step.operationId ?? step.operationPath ?? 'nothing');
    yield {
      ...base,
      type: 'step-started',
      stepId: step.stepId,
      calls,
      attempt: number,
      ...(step.description ? { description: step.description } : {}),
    };
    return step.workflowId ? yield* callWorkflow(step) : yield* callOperation(step);
  }

  async function* callWorkflow(step: ArazzoStep): AsyncGenerator<TraceEvent, StepOutcome, void> {
    const target = state.options.document.workflows.find((candidate) => candidate.workflowId === step.workflowId);
    if (!target) throw new RunHalt('failed', `${step.stepId}: the recipe has no workflow ${step.workflowId}`);
    const given: Record<string, unknown> = {};
    try {
      for (const parameter of step.parameters ?? []) given[parameter.name] = evaluateValue(parameter.value, context);
    } catch (error) {
      throw new RunHalt('failed', `${step.stepId}: ${message(error)}`);
    }
    const called = yield* runWorkflow(state, target, given, depth + 1, step.stepId);
    const stepContext: ExpressionContext = { ...context, outputs: called.outputs };
    let success = called.status === 'succeeded';
    yield {
      ...base,
      type: 'criterion',
      stepId: step.stepId,
      condition: `workflow ${target.workflowId} succeeds`,
      met: success,
      ...(called.reason !== undefined ? { reason: called.reason } : {}),
    };
    for (const criterion of step.successCriteria ?? [])
      success = (yield* checkCriterion(step, criterion, stepContext)) && success;
    let outputs = called.outputs;
    if (success && step.outputs) outputs = stepOutputs(step, stepContext);
    if (success) {
      context.steps[step.stepId] = { outputs };
      yield { ...base, type: 'outputs', stepId: step.stepId, outputs };
    }
    return { success, context: stepContext, ...(called.reason !== undefined ? { reason: called.reason } : {}) };
  }

  function* checkCriterion(
    step: ArazzoStep,
    criterion: ArazzoCriterion,
    stepContext: ExpressionContext,
  ): Generator<TraceEvent, boolean, void> {
    const { met, reason } = evaluateCriterion(criterion, stepContext);
    yield {
      ...base,
      type: 'criterion',
      stepId: step.stepId,
      condition: criterion.context ? `${criterion.context} ~ ${criterion.condition}` : criterion.condition,
      met,
      ...(reason !== undefined ? { reason } : {}),
    };
    return met;
  }

  function stepOutputs(step: ArazzoStep, stepContext: ExpressionContext): Record<string, unknown> {
    const outputs: Record<string, unknown> = {};
    for (const [name, expression] of Object.entries(step.outputs ?? {})) {
      try {
        outputs[name] = evaluateValue(expression, stepContext);
      } catch (error) {
        throw new RunHalt('failed', `${step.stepId}: output ${name}: ${message(error)}`);
      }
    }
    return outputs;
  }

  async function* callOperation(step: ArazzoStep): AsyncGenerator<TraceEvent, StepOutcome, void> {
    const refuse = (reason: string): never => {
      throw new RunHalt('failed', `${step.stepId}: ${reason}: nothing is sent`);
    };
    if (!step.operationId) return refuse('only steps that name an operationId or a workflowId are run');
    const name = operationName(state.options.document, step.operationId);
    const resolved = await state.options.resolveOperation(name.source, name.operationId);
    if (!resolved) return refuse(`no operation ${name.operationId} in the source ${name.source}`);
    if (!isTrustedServer(resolved.serverUrl, state.options.trustedOrigins)) {
      return refuse(`the server ${resolved.serverUrl} is not one of the trusted origins`);
    }

    const values: ParameterValues = {};
    const located: { name: string; in: ParameterView['in'] }[] = [];
    const cookies: [string, string][] = [];
    const query: Record<string, unknown> = {};
    const path: Record<string, unknown> = {};
    let payload: unknown;
    let stepSecurity = security;
    try {
      for (const parameter of step.parameters ?? []) {
        if (!parameter.in) return refuse(`the parameter ${parameter.name} names no "in"`);
        const value = evaluateValue(parameter.value, context);
        located.push({ name: parameter.name, in: parameter.in });
        if (parameter.in === 'cookie') {
          if (value !== undefined && value !== null) {
            cookies.push([parameter.name, typeof value === 'string' ? value : JSON.stringify(value)]);
          }
          continue;
        }
        values[parameter.name] = value as Json | undefined;
        if (parameter.in === 'query') query[parameter.name] = value;
        if (parameter.in === 'path') path[parameter.name] = value;
      }
      if (step.requestBody?.payload !== undefined) payload = evaluateValue(step.requestBody.payload, context);
      if (step['x-security']) {
        stepSecurity = new Map(security);
        addSecurity(stepSecurity, step['x-security']);
      }
    } catch (error) {
      return refuse(message(error));
    }

    const built = requestView(resolved.view, located, stepSecurity);
    let request: HttpRequest;
    try {
      // eslint-disable-next-line no-control-regex -- control characters are what this looks for
      const badCookie = cookies.find(([, value]) => /[\u0000-\u001f\u007f;]/.test(value));
      if (badCookie) return refuse(`the cookie ${badCookie[0]} holds a control character or a ;`);
      const [credential, ...moreCredentials] = built.credentials;
      request = buildRequest(built.view, {
        serverUrl: resolved.serverUrl,
        values,
        ...(credential !== undefined ? { credential } : {}),
        moreCredentials,
        ...(payload !== undefined
          ? { body: { contentType: step.requestBody?.contentType ?? 'application/json', value: payload as Json } }
          : {}),
      });
    } catch (error) {
      return refuse(`the request is refused: ${message(error)}`);
    }
    if (cookies.length > 0) {
      request.headers.push(['Cookie', cookies.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('; ')]);
    }

    const shown = hideSecrets(request, state.secrets);
    if (isWriteMethod(request.method)) {
      const accepted = state.options.confirm ? await state.options.confirm(step, shown) : false;
      yield { ...base, type: 'confirmation', stepId: step.stepId, request: shown, accepted };
      if (!accepted) {
        throw new RunHalt(
          'stopped',
          state.options.confirm
            ? `${step.stepId} writes (${request.method}) and was not confirmed: nothing is sent`
            : `${step.stepId} writes (${request.method}) and this runner has no way to ask: nothing is sent`,
        );
      }
    }
    yield { ...base, type: 'request', stepId: step.stepId, request: shown };

    let answer: RecipeAnswer;
    try {
      answer = await state.options.send(request, state.options.signal);
    } catch (error) {
      if (state.options.signal?.aborted) throw new RunHalt('stopped', 'the run was stopped');
      throw new RunHalt('failed', `${step.stepId}: the request failed: ${message(error)}`);
    }
    const headers = headerRecord(answer.headers);
    const limit = state.options.traceBodyLimit ?? defaultTraceBodyLimit;
    yield {
      ...base,
      type: 'answer',
      stepId: step.stepId,
      status: answer.status,
      headers,
      body: answer.body.slice(0, limit),
      bodyCut: answer.body.length > limit,
    };

    const stepContext: ExpressionContext = {
      ...context,
      url: request.url,
      method: request.method,
      statusCode: answer.status,
      request: {
        headers: headerRecord(request.headers),
        query,
        path,
        ...(payload !== undefined ? { body: payload } : {}),
      },
      response: { headers, body: parsedBody(answer.body, headers['content-type']) },
    };
    let success = true;
    if (step.successCriteria && step.successCriteria.length > 0) {
      for (const criterion of step.successCriteria) {
        success = (yield* checkCriterion(step, criterion, stepContext)) && success;
      }
    } else {
      success = answer.status >= 200 && answer.status < 300;
      yield {
        ...base,
        type: 'criterion',
        stepId: step.stepId,
        condition: defaultCriterion,
        met: success,
        ...(success ? {} : { reason: `the status is ${answer.status}` }),
      };
    }
    if (success) {
      const outputs = stepOutputs(step, stepContext);
      context.steps[step.stepId] = { outputs };
      yield { ...base, type: 'outputs', stepId: step.stepId, outputs };
    }
    return { success, context: stepContext };
  }

  /** The first action whose criteria all hold (a retry with no retries left is passed over). */
  function chooseAction(
    actions: readonly ArazzoAction[],
    stepContext: ExpressionContext,
    retriesUsed: (action: ArazzoAction) => number,
  ): ArazzoAction | undefined {
    return actions.find(
      (action) =>
        (action.criteria ?? []).every((criterion) => evaluateCriterion(criterion, stepContext).met) &&
        !(action.type === 'retry' && retriesUsed(action) >= (action.retryLimit ?? 1)),
    );
  }

  const retries = new Map<string, number>();
  let index = 0;
  while (index < workflow.steps.length) {
    const step = workflow.steps[index];
    const retryKey = (action: ArazzoAction) => `${step.stepId}\u0000${action.name}`;
    const used = (action: ArazzoAction) => retries.get(retryKey(action)) ?? 0;
    const attempts = [...retries.entries()].filter(([key]) => key.startsWith(`${step.stepId}\u0000`));
    const outcome = yield* attempt(step, 1 + attempts.reduce((sum, [, count]) => sum + count, 0));
    const actions = outcome.success
      ? (step.onSuccess ?? workflow.successActions ?? [])
      : (step.onFailure ?? workflow.failureActions ?? []);
    const action = chooseAction(actions, outcome.context, used);
    const event = { ...base, type: 'action' as const, stepId: step.stepId };
    if (!action) {
      if (outcome.success) {
        yield {
          ...event,
          action: 'next',
          ...(workflow.steps[index + 1] ? { target: workflow.steps[index + 1].stepId } : {}),
        };
        index += 1;
        continue;
      }
      const reason = `${step.stepId} failed${outcome.reason ? `: ${outcome.reason}` : ''}`;
      yield { ...event, action: 'fail', reason };
      return yield* finish('failed', reason);
    }
    if (action.type === 'end') {
      yield { ...event, action: 'end', name: action.name };
      if (outcome.success) return yield* finish('succeeded');
      return yield* finish('failed', `${step.stepId} failed; its action ${action.name} ends the workflow`);
    }
    if (action.type === 'goto' && action.stepId) {
      const target = workflow.steps.findIndex((candidate) => candidate.stepId === action.stepId);
      if (target < 0) throw new RunHalt('failed', `${step.stepId}: ${action.name} goes to no step ${action.stepId}`);
      yield { ...event, action: 'goto', name: action.name, target: action.stepId };
      index = target;
      continue;
    }
    if (action.type === 'goto' && action.workflowId) {
      const target = state.options.document.workflows.find((candidate) => candidate.workflowId === action.workflowId);
      if (!target)
        throw new RunHalt('failed', `${step.stepId}: ${action.name} goes to no workflow ${action.workflowId}`);
      yield { ...event, action: 'goto', name: action.name, target: action.workflowId };
      // Control passes to that workflow, with this one's inputs (Arazzo 1.0.1's actions carry no parameters); this
      // workflow ends as it ends.
      const gone = yield* runWorkflow(state, target, inputs, depth + 1, step.stepId);
      return yield* finish(gone.status, gone.reason);
    }
    if (action.type === 'retry') {
      retries.set(retryKey(action), used(action) + 1);
      yield { ...event, action: 'retry', name: action.name, target: step.stepId };
      if (action.retryAfter && action.retryAfter > 0) {
        try {
          await (state.options.sleep ?? defaultSleep)(action.retryAfter * 1000, state.options.signal);
        } catch {
          throw new RunHalt('stopped', 'the run was stopped');
        }
      }
      // A retry that names a workflow or a step runs it first (a token refresh, say), then the step again.
      if (action.workflowId) {
        const target = state.options.document.workflows.find((candidate) => candidate.workflowId === action.workflowId);
        if (!target)
          throw new RunHalt('failed', `${step.stepId}: ${action.name} names no workflow ${action.workflowId}`);
        const ran = yield* runWorkflow(state, target, inputs, depth + 1, step.stepId);
        if (ran.status === 'failed') return yield* finish('failed', ran.reason);
      } else if (action.stepId) {
        const other = workflow.steps.find((candidate) => candidate.stepId === action.stepId);
        if (!other) throw new RunHalt('failed', `${step.stepId}: ${action.name} names no step ${action.stepId}`);
        yield* attempt(other, 1);
      }
      continue;
    }
    throw new RunHalt(
      'failed',
      `${step.stepId}: the action ${action.name} (${String(action.type)}) is not one this runner takes`,
    );
  }
  return yield* finish('succeeded');
}
