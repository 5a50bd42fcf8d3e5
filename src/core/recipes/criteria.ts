import { evaluateCriterion } from './conditions';
import { evaluateValue, type ExpressionContext } from './expressions';
import { message, RunHalt, type EventBase, type TraceEvent } from './runModel';
import type { ArazzoAction, ArazzoCriterion, ArazzoStep } from './types';

/** The recipe runner's criteria, a step's outputs and the choice of its action. */

export const defaultCriterion = 'status 2xx (no successCriteria: the default)';

/** Evaluates one of a step's criteria, yielding it as a trace event; returns whether it was met. */
export function* checkCriterion(
  base: EventBase,
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

/** A step's outputs, each evaluated against the step's context; an output that cannot be read fails the run. */
export function stepOutputs(step: ArazzoStep, stepContext: ExpressionContext): Record<string, unknown> {
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

/** The first action whose criteria all hold (a retry with no retries left is passed over). */
export function chooseAction(
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
