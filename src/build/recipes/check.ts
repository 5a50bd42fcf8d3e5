import {
  findParameter,
  isObject,
  listOperations,
  operationParameters,
  text,
  type JsonObject,
} from '../../core/openapi/document';
import type { ArazzoAction, ArazzoCriterion, ArazzoStep, ArazzoValue } from '../../core/recipes/types';
import { expressionProblem, successStatuses, type StepContext } from './expressionChecks';
import type { LoadedRecipe } from './load';
import { responsesOf, type ResolvedCall } from './schemaWalk';

/**
 * Checks each recipe against the documents this build renders (the resolved ones, remote or vendored): every call it
 * makes exists, every parameter it sets exists where it says, every value it reads from an answer points into that
 * answer's schema, and every step, input, output and workflow it names exists. A recipe that no longer matches its
 * document would teach the reader a call that fails; the build stops on it instead (src/plugins/recipes).
 */

/**
 * Every runtime expression in a value: Arazzo's roots (`$inputs`, `$steps`, `$response`…) followed by dotted names
 * and an optional JSON pointer. A pointer ends at white space or a brace, so conditions (`$response.body#/end <=
 * $request.query.offset`) and embedded expressions (`"id {$inputs.id}"`) read alike.
 */
export function expressionsIn(value: ArazzoValue | undefined): string[] {
  if (typeof value === 'string') return value.match(/\$[A-Za-z]+(?:\.[A-Za-z0-9_-]+)*(?:#\/[^\s{}]*)?/g) ?? [];
  if (Array.isArray(value)) return value.flatMap(expressionsIn);
  if (isObject(value)) return Object.values(value as Record<string, ArazzoValue>).flatMap(expressionsIn);
  return [];
}

/** Finds an operation by its operationId in the documents a recipe names. */
function findCall(
  operationId: string,
  recipe: LoadedRecipe,
  documents: ReadonlyMap<string, JsonObject>,
): ResolvedCall | string {
  const qualified = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(operationId);
  const sourceNames = qualified ? [qualified[1]] : Object.keys(recipe.sources);
  const wanted = qualified ? qualified[2] : operationId;
  if (qualified && !(qualified[1] in recipe.sources))
    return `calls ${operationId}, but the recipe has no source description "${qualified[1]}"`;
  for (const name of sourceNames) {
    const apiId = recipe.sources[name];
    const document = documents.get(apiId);
    if (!document) return `calls ${wanted} of ${apiId}, whose document this build does not have`;
    const ref = listOperations(document).find((candidate) => text(candidate.operation.operationId) === wanted);
    if (ref) return { apiId, document, ref, operationId: wanted };
  }
  const where = sourceNames.map((name) => recipe.sources[name]).join(', ');
  return `calls operation ${wanted}, which the ${where} document does not have`;
}

/** The call of every step of a recipe that calls an operation (by workflow and step id), for the pages. */
export function recipeCalls(
  recipe: LoadedRecipe,
  documents: ReadonlyMap<string, JsonObject>,
): Map<string, ResolvedCall> {
  const calls = new Map<string, ResolvedCall>();
  for (const workflow of recipe.document.workflows) {
    for (const step of workflow.steps) {
      if (typeof step.operationId !== 'string') continue;
      const call = findCall(step.operationId, recipe, documents);
      if (typeof call !== 'string') calls.set(`${workflow.workflowId}/${step.stepId}`, call);
    }
  }
  return calls;
}

/** What is wrong with the parameters a step sets: missing from the call, in the wrong place, a required one left out. */
function parameterProblems(step: ArazzoStep, call: ResolvedCall): string[] {
  const problems: string[] = [];
  const set = step.parameters ?? [];
  for (const parameter of set) {
    if (!parameter.in) {
      problems.push(`sets parameter ${parameter.name} without saying where it goes ("in")`);
      continue;
    }
    if (findParameter(call.document, call.ref, parameter.name, parameter.in)) continue;
    const elsewhere = operationParameters(call.document, call.ref).find(
      (candidate) => candidate.name === parameter.name,
    );
    problems.push(
      elsewhere
        ? `sets parameter ${parameter.name} in ${parameter.in}, but ${call.operationId} takes it in ${text(elsewhere.in)}`
        : `sets ${parameter.in} parameter ${parameter.name}, which ${call.operationId} does not take`,
    );
  }
  for (const parameter of operationParameters(call.document, call.ref)) {
    const required = parameter.in === 'path' || (parameter.required === true && parameter.in === 'query');
    if (!required) continue;
    if (!set.some((given) => given.name === parameter.name && given.in === parameter.in))
      problems.push(
        `does not set the required ${text(parameter.in)} parameter ${text(parameter.name)} of ${call.operationId}`,
      );
  }
  if (step.requestBody && !call.ref.operation.requestBody)
    problems.push(`sends a request body, but ${call.operationId} takes none`);
  return problems;
}

/** What is wrong with the inputs a step gives the workflow it calls. */
function workflowStepProblems(step: ArazzoStep, context: StepContext): string[] {
  const target = context.recipe.document.workflows.find((candidate) => candidate.workflowId === step.workflowId);
  if (!target) return [`calls workflow ${String(step.workflowId)}, which the recipe does not have`];
  const declared = target.inputs?.properties ?? {};
  const problems: string[] = [];
  for (const parameter of step.parameters ?? []) {
    if (!(parameter.name in declared))
      problems.push(`sets input ${parameter.name}, which workflow ${target.workflowId} does not declare`);
  }
  for (const name of target.inputs?.required ?? []) {
    if (!(step.parameters ?? []).some((parameter) => parameter.name === name))
      problems.push(`does not set the required input ${name} of workflow ${target.workflowId}`);
  }
  return problems;
}

function actionProblems(actions: ArazzoAction[] | undefined, kind: string, context: StepContext): string[] {
  const problems: string[] = [];
  for (const action of actions ?? []) {
    if (action.type === 'goto') {
      if (action.stepId !== undefined && !context.workflow.steps.some((step) => step.stepId === action.stepId))
        problems.push(`${kind} action ${action.name} goes to step ${action.stepId}, which the workflow does not have`);
      else if (
        action.workflowId !== undefined &&
        !context.recipe.document.workflows.some((workflow) => workflow.workflowId === action.workflowId)
      )
        problems.push(
          `${kind} action ${action.name} goes to workflow ${action.workflowId}, which the recipe does not have`,
        );
      else if (action.stepId === undefined && action.workflowId === undefined)
        problems.push(`${kind} action ${action.name} is a goto with neither stepId nor workflowId`);
    } else if (action.type !== 'end' && action.type !== 'retry') {
      problems.push(`${kind} action ${action.name} is of type ${String(action.type)}, not end, goto or retry`);
    }
  }
  return problems;
}

function criteriaExpressions(criteria: ArazzoCriterion[] | undefined): string[] {
  return (criteria ?? []).flatMap((criterion) => [
    ...expressionsIn(criterion.condition),
    ...expressionsIn(criterion.context),
  ]);
}

function stepProblems(step: ArazzoStep, context: StepContext): string[] {
  const problems: string[] = [];
  const targets = [step.operationId, step.operationPath, step.workflowId].filter((target) => target !== undefined);
  if (targets.length !== 1) return ['names none or more than one of operationId, operationPath and workflowId'];
  if (step.operationPath !== undefined) return ['names an operationPath; the portal checks operationIds only'];
  if (step.operationId !== undefined) {
    const call = findCall(step.operationId, context.recipe, context.documents);
    if (typeof call === 'string') return [call];
    problems.push(...parameterProblems(step, call));
    const statuses = successStatuses(step, call);
    const responses = responsesOf(call.document, call);
    for (const status of statuses) {
      if (!responses.has(status))
        problems.push(`its success criteria name status ${status}, which ${call.operationId} does not answer`);
    }
  } else {
    problems.push(...workflowStepProblems(step, context));
  }
  const success = [
    ...(step.parameters ?? []).flatMap((parameter) => expressionsIn(parameter.value)),
    ...expressionsIn(step.requestBody?.payload),
    ...criteriaExpressions(step.successCriteria),
    ...(step.onSuccess ?? []).flatMap((action) => criteriaExpressions(action.criteria)),
    ...Object.values(step.outputs ?? {}).flatMap((value) => expressionsIn(value)),
  ];
  const failure = (step.onFailure ?? []).flatMap((action) => criteriaExpressions(action.criteria));
  for (const [expressions, answer] of [
    [success, 'success'],
    [failure, 'failure'],
  ] as const) {
    for (const expression of new Set(expressions)) {
      const problem = expressionProblem(expression, context, step, answer);
      if (problem) problems.push(problem);
    }
  }
  problems.push(...actionProblems(step.onSuccess, 'onSuccess', context));
  problems.push(...actionProblems(step.onFailure, 'onFailure', context));
  return problems;
}

/**
 * Every problem of every recipe against the given documents (API id to resolved document), one line each:
 * `recipe <file>, workflow <id>, step <stepId>: <reason>`. None means every recipe matches its documents.
 */
export function checkRecipes(recipes: readonly LoadedRecipe[], documents: ReadonlyMap<string, JsonObject>): string[] {
  const problems: string[] = [];
  for (const recipe of recipes) {
    const calls = recipeCalls(recipe, documents);
    const workflowIds = recipe.document.workflows.map((workflow) => workflow.workflowId);
    for (const [index, id] of workflowIds.entries()) {
      if (workflowIds.indexOf(id) !== index) problems.push(`recipe ${recipe.file}: workflow ${id} is defined twice`);
    }
    for (const workflow of recipe.document.workflows) {
      const context: StepContext = { recipe, workflow, documents, calls };
      const where = `recipe ${recipe.file}, workflow ${workflow.workflowId}`;
      const stepIds = workflow.steps.map((step) => step.stepId);
      for (const step of workflow.steps) {
        if (stepIds.indexOf(step.stepId) !== stepIds.lastIndexOf(step.stepId))
          problems.push(`${where}, step ${step.stepId}: another step has the same stepId`);
        for (const problem of stepProblems(step, context)) problems.push(`${where}, step ${step.stepId}: ${problem}`);
      }
      for (const [name, value] of Object.entries(workflow.outputs ?? {})) {
        for (const expression of new Set(expressionsIn(value))) {
          const problem = expressionProblem(expression, context, undefined, 'success');
          if (problem) problems.push(`${where}, output ${name}: ${problem}`);
        }
      }
    }
  }
  return [...new Set(problems)];
}

/** The error a build stops with: every problem, one a line, and what to do. */
export function recipeProblemsError(problems: readonly string[]): Error {
  return new Error(
    `${problems.length} recipe problem${problems.length === 1 ? '' : 's'} against the API documents this build renders ` +
      `(fix the recipe in openapi/recipes/, or the document):\n${problems.map((line) => `  - ${line}`).join('\n')}`,
  );
}
