import { operationParameters, resolvedObject, text, type JsonObject } from '../../core/openapi/document';
import type { ArazzoStep, ArazzoWorkflow, JsonSchemaObject } from '../../core/recipes/types';
import type { LoadedRecipe } from './load';
import { missingInSchema, pointerSegments, responseBodySchema, responsesOf, type ResolvedCall } from './schemaWalk';

/**
 * The expressions of the recipe check (check.ts): what each runtime expression a recipe reads names, checked
 * against the workflow, its steps and the schemas of the calls they make.
 */

const httpStatus = /^\$statusCode\s*==\s*(\d{3})$/;

/** The input a `$inputs.<name>.<field>…` names, walked into the workflow's input schema. */
function inputProblem(workflow: ArazzoWorkflow, expression: string): string | undefined {
  const [name, ...fields] = expression.slice('$inputs.'.length).split('#')[0].split('.');
  let schema: JsonSchemaObject | undefined = workflow.inputs;
  const walked: string[] = [];
  for (const field of [name, ...fields]) {
    const properties: JsonSchemaObject['properties'] = schema?.properties;
    if (!properties || !(field in properties)) {
      if (walked.length === 0) return `reads ${expression}, an input workflow ${workflow.workflowId} does not declare`;
      // An input declared without fields (`type: object` alone) may hold any.
      if (!properties) return undefined;
      return `reads ${expression}, but input ${walked.join('.')} has no field ${field}`;
    }
    schema = properties[field];
    walked.push(field);
  }
  return undefined;
}

export interface StepContext {
  recipe: LoadedRecipe;
  workflow: ArazzoWorkflow;
  documents: ReadonlyMap<string, JsonObject>;
  calls: Map<string, ResolvedCall>;
}

/** The statuses a step's success criteria name (`$statusCode == 200`); the call's 2xx when they name none. */
export function successStatuses(step: ArazzoStep, call: ResolvedCall): string[] {
  const named = (step.successCriteria ?? [])
    .map((criterion) => httpStatus.exec(criterion.condition.trim())?.[1])
    .filter((status): status is string => status !== undefined);
  if (named.length > 0) return [...new Set(named)];
  return [...responsesOf(call.document, call).keys()].filter((status) => /^2(\d\d|XX)$/i.test(status));
}

/** What is wrong with one expression read by a step (or, without `step`, by the workflow's outputs). */
export function expressionProblem(
  expression: string,
  context: StepContext,
  step: ArazzoStep | undefined,
  answer: 'success' | 'failure',
): string | undefined {
  const { workflow, recipe } = context;
  const root = /^\$([A-Za-z]+)/.exec(expression)?.[1] ?? '';
  const call = step ? context.calls.get(`${workflow.workflowId}/${step.stepId}`) : undefined;
  switch (root) {
    case 'url':
    case 'method':
    case 'statusCode':
      return step ? undefined : `reads ${expression}, which only a step has`;
    case 'inputs':
      return inputProblem(workflow, expression);
    case 'steps': {
      const match = /^\$steps\.([^.#]+)\.outputs\.([^.#]+)(#.*)?$/.exec(expression);
      if (!match) return `reads ${expression}, which is not $steps.<stepId>.outputs.<name>`;
      const [, stepId, output, pointer] = match;
      const source = workflow.steps.find((candidate) => candidate.stepId === stepId);
      if (!source) return `reads ${expression}, but workflow ${workflow.workflowId} has no step ${stepId}`;
      const kept = source.outputs?.[output];
      if (kept === undefined) return `reads ${expression}, but step ${stepId} keeps no output ${output}`;
      const sourceCall = context.calls.get(`${workflow.workflowId}/${stepId}`);
      const body = /^\$response\.body(#.*)?$/.exec(kept);
      if (!pointer || !body || !sourceCall) return undefined;
      return bodyProblem(
        expression,
        sourceCall,
        successStatuses(source, sourceCall),
        pointerSegments(`${body[1] ?? '#'}${pointer.slice(1)}`),
      );
    }
    case 'workflows': {
      const match = /^\$workflows\.([^.#]+)\.(outputs|inputs)\.([^.#]+)/.exec(expression);
      if (!match) return `reads ${expression}, which is not $workflows.<workflowId>.outputs.<name>`;
      const target = recipe.document.workflows.find((candidate) => candidate.workflowId === match[1]);
      if (!target) return `reads ${expression}, but the recipe has no workflow ${match[1]}`;
      const names =
        match[2] === 'outputs' ? Object.keys(target.outputs ?? {}) : Object.keys(target.inputs?.properties ?? {});
      return names.includes(match[3])
        ? undefined
        : `reads ${expression}, but workflow ${match[1]} has no ${match[2].slice(0, -1)} ${match[3]}`;
    }
    case 'sourceDescriptions': {
      const name = expression.split('.')[1];
      return name in recipe.sources
        ? undefined
        : `reads ${expression}, but the recipe has no source description ${name}`;
    }
    case 'request':
    case 'response': {
      if (!step) return `reads ${expression}, which only a step that calls an operation has`;
      if (!call) return step.operationId ? undefined : `reads ${expression}, but the step calls no operation`;
      return root === 'request' ? requestProblem(expression, call) : responseProblem(expression, step, call, answer);
    }
    default:
      return `reads ${expression}, which is no Arazzo runtime expression`;
  }
}

function bodyProblem(
  expression: string,
  call: ResolvedCall,
  statuses: string[],
  segments: string[],
): string | undefined {
  const responses = responsesOf(call.document, call);
  for (const status of statuses) {
    const response = responses.get(status);
    if (!response) continue;
    const schema = responseBodySchema(call.document, response);
    if (schema === undefined) return `${expression}: the ${status} response of ${call.operationId} has no body`;
    const missing = missingInSchema(call.document, schema, segments);
    if (missing)
      return (
        `${expression}: the ${status} response of ${call.operationId} has no field ${missing.key}` +
        (missing.parent === '/' ? '' : ` in ${missing.parent}`)
      );
  }
  return undefined;
}

function responseProblem(
  expression: string,
  step: ArazzoStep,
  call: ResolvedCall,
  answer: 'success' | 'failure',
): string | undefined {
  const responses = responsesOf(call.document, call);
  // A failure's answer may be any the call documents: the value must be in one of them.
  const statuses = answer === 'success' ? successStatuses(step, call) : [...responses.keys()];
  const body = /^\$response\.body(#.*)?$/.exec(expression);
  if (body) {
    const segments = pointerSegments(body[1] ?? '#');
    if (answer === 'success') return bodyProblem(expression, call, statuses, segments);
    const found = statuses.some((status) => bodyProblem(expression, call, [status], segments) === undefined);
    return found ? undefined : `${expression}: no response of ${call.operationId} has that field`;
  }
  const header = /^\$response\.header\.(.+)$/.exec(expression);
  if (header) {
    const named = statuses.some((status) => {
      const headers = resolvedObject(call.document, responses.get(status)?.headers ?? null) ?? {};
      return Object.keys(headers).some((name) => name.toLowerCase() === header[1].toLowerCase());
    });
    return named
      ? undefined
      : `${expression}: no ${statuses.join(' or ')} response of ${call.operationId} has that header`;
  }
  return `reads ${expression}, which is not $response.body or $response.header`;
}

function requestProblem(expression: string, call: ResolvedCall): string | undefined {
  const parameter = /^\$request\.(query|path|header)\.(.+)$/.exec(expression);
  if (parameter) {
    const [, location, name] = parameter;
    const found = operationParameters(call.document, call.ref).some(
      (candidate) =>
        candidate.in === location &&
        (location === 'header' ? text(candidate.name).toLowerCase() === name.toLowerCase() : candidate.name === name),
    );
    return found ? undefined : `reads ${expression}, but ${call.operationId} takes no ${location} parameter ${name}`;
  }
  const body = /^\$request\.body(#.*)?$/.exec(expression);
  if (body) {
    const requestBody = resolvedObject(call.document, call.ref.operation.requestBody ?? null);
    const schema = requestBody && responseBodySchema(call.document, requestBody);
    if (schema === undefined) return `reads ${expression}, but ${call.operationId} takes no request body`;
    const missing = missingInSchema(call.document, schema, pointerSegments(body[1] ?? '#'));
    return missing ? `${expression}: the request body of ${call.operationId} has no field ${missing.key}` : undefined;
  }
  return `reads ${expression}, which is not $request.query, .path, .header or .body`;
}
