import { checkCriterion, chooseAction, stepOutputs } from './criteria';
import { evaluateValue, type ExpressionContext } from './expressions';
import { callOperation } from './operationStep';
import { addSecurity } from './requests';
import {
  defaultMaxSteps,
  defaultSleep,
  hideSecrets,
  message,
  RunHalt,
  type RunOptions,
  type RunResult,
  type RunState,
  type StepOutcome,
  type TraceEvent,
  type WorkflowResult,
  type WorkflowScope,
} from './runModel';
import type { ArazzoAction, ArazzoStep, ArazzoWorkflow } from './types';

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
  const scope: WorkflowScope = { state, base, context, security };
  // The credentials are read first: they are secrets from then on, so the inputs shown below already hide them.
  try {
    addSecurity(state, context, security, workflow['x-security']);
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
    return step.workflowId ? yield* callWorkflow(step) : yield* callOperation(scope, step);
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
      success = (yield* checkCriterion(base, step, criterion, stepContext)) && success;
    let outputs = called.outputs;
    if (success && step.outputs) outputs = stepOutputs(step, stepContext);
    if (success) {
      context.steps[step.stepId] = { outputs };
      yield { ...base, type: 'outputs', stepId: step.stepId, outputs };
    }
    return { success, context: stepContext, ...(called.reason !== undefined ? { reason: called.reason } : {}) };
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
