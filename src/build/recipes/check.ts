import {
  findParameter,
  isObject,
  listOperations,
  operationParameters,
  pointerSegment,
  resolvedObject,
  text,
  type Json,
  type JsonObject,
  type OperationRef,
} from '../../core/openapi/document';
import { flattenSchema } from '../../core/openapi/view';
import type {
  ArazzoAction,
  ArazzoCriterion,
  ArazzoStep,
  ArazzoValue,
  ArazzoWorkflow,
  JsonSchemaObject,
} from '../../core/recipes/types';
import type { LoadedRecipe } from './load';

/**
 * Checks each recipe against the documents this build renders (the resolved ones, remote or vendored): every call it
 * makes exists, every parameter it sets exists where it says, every value it reads from an answer points into that
 * answer's schema, and every step, input, output and workflow it names exists. A recipe that no longer matches its
 * document would teach the reader a call that fails; the build stops on it instead (src/plugins/recipes).
 */

/** The operation a step calls, found in the resolved document of the API its source names. */
export interface ResolvedCall {
  apiId: string;
  document: JsonObject;
  ref: OperationRef;
  operationId: string;
}

const httpStatus = /^\$statusCode\s*==\s*(\d{3})$/;

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

/** The segments of a JSON pointer after its `#`: `#/items/0/id` is `items`, `0`, `id`. */
function pointerSegments(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  return body === '' || body === '/' ? [] : body.slice(1).split('/').map(pointerSegment);
}

/** A schema's child at one key: its fields, the items of a list, the values of a map; 'open' when it says nothing. */
function childrenAt(document: JsonObject, raw: Json, key: string, depth = 0): Json[] | 'open' {
  if (depth > 16) return 'open';
  let schema: JsonObject;
  try {
    schema = flattenSchema(document, raw);
  } catch {
    // A broken or looping reference: the document step already warns of it, and nothing can be said here.
    return 'open';
  }
  const found: Json[] = [];
  const variants = [schema.oneOf, schema.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));
  for (const variant of variants) {
    const children = childrenAt(document, variant, key, depth + 1);
    if (children === 'open') return 'open';
    found.push(...children);
  }
  const index = /^(0|[1-9]\d*)$/.test(key) ? Number(key) : undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (index !== undefined && (schema.items !== undefined || schema.prefixItems !== undefined || types.includes('array'))) {
    const prefixed = Array.isArray(schema.prefixItems) ? schema.prefixItems[index] : undefined;
    const item = prefixed ?? schema.items;
    if (item === undefined || item === true) return 'open';
    if (item !== false) found.push(item);
  }
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (properties && key in properties) found.push(properties[key]);
  else if (isObject(schema.additionalProperties)) found.push(schema.additionalProperties);
  else if (schema.additionalProperties === true) return 'open';
  const said =
    properties !== undefined ||
    variants.length > 0 ||
    schema.items !== undefined ||
    schema.prefixItems !== undefined ||
    schema.additionalProperties !== undefined ||
    schema.type !== undefined;
  return found.length === 0 && !said ? 'open' : found;
}

/**
 * Where a pointer leaves a schema: undefined when every segment is a field (or item) the schema has, or one that an
 * open schema (no type, no fields) may have; otherwise the missing key and the pointer of its parent.
 */
export function missingInSchema(
  document: JsonObject,
  schema: Json,
  segments: readonly string[],
): { key: string; parent: string } | undefined {
  let current: Json[] = [schema];
  for (const [position, key] of segments.entries()) {
    const next: Json[] = [];
    for (const candidate of current) {
      const children = childrenAt(document, candidate, key);
      if (children === 'open') return undefined;
      next.push(...children);
    }
    if (next.length === 0) return { key, parent: `/${segments.slice(0, position).join('/')}` };
    current = next.slice(0, 32);
  }
  return undefined;
}

/** The JSON schema of a response's body: its JSON media type's, or the first media type's. */
function responseBodySchema(document: JsonObject, response: JsonObject): Json | undefined {
  const content = isObject(response.content) ? response.content : undefined;
  if (!content) return undefined;
  const types = Object.keys(content);
  const chosen = types.find((type) => /[/+]json\b/.test(type)) ?? types[0];
  const media = chosen === undefined ? undefined : resolvedObject(document, content[chosen]);
  return media?.schema;
}

function responsesOf(document: JsonObject, call: ResolvedCall): Map<string, JsonObject> {
  const responses = resolvedObject(document, call.ref.operation.responses ?? null) ?? {};
  const result = new Map<string, JsonObject>();
  for (const [status, raw] of Object.entries(responses)) {
    const response = resolvedObject(document, raw);
    if (response) result.set(status, response);
  }
  return result;
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

interface StepContext {
  recipe: LoadedRecipe;
  workflow: ArazzoWorkflow;
  documents: ReadonlyMap<string, JsonObject>;
  calls: Map<string, ResolvedCall>;
}

/** The statuses a step's success criteria name (`$statusCode == 200`); the call's 2xx when they name none. */
function successStatuses(step: ArazzoStep, call: ResolvedCall): string[] {
  const named = (step.successCriteria ?? [])
    .map((criterion) => httpStatus.exec(criterion.condition.trim())?.[1])
    .filter((status): status is string => status !== undefined);
  if (named.length > 0) return [...new Set(named)];
  return [...responsesOf(call.document, call).keys()].filter((status) => /^2(\d\d|XX)$/i.test(status));
}

/** What is wrong with one expression read by a step (or, without `step`, by the workflow's outputs). */
function expressionProblem(
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
      const names = match[2] === 'outputs' ? Object.keys(target.outputs ?? {}) : Object.keys(target.inputs?.properties ?? {});
      return names.includes(match[3]) ? undefined : `reads ${expression}, but workflow ${match[1]} has no ${match[2].slice(0, -1)} ${match[3]}`;
    }
    case 'sourceDescriptions': {
      const name = expression.split('.')[1];
      return name in recipe.sources ? undefined : `reads ${expression}, but the recipe has no source description ${name}`;
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
    return named ? undefined : `${expression}: no ${statuses.join(' or ')} response of ${call.operationId} has that header`;
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
    const elsewhere = operationParameters(call.document, call.ref).find((candidate) => candidate.name === parameter.name);
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
      problems.push(`does not set the required ${text(parameter.in)} parameter ${text(parameter.name)} of ${call.operationId}`);
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
        problems.push(`${kind} action ${action.name} goes to workflow ${action.workflowId}, which the recipe does not have`);
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
export function checkRecipes(
  recipes: readonly LoadedRecipe[],
  documents: ReadonlyMap<string, JsonObject>,
): string[] {
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
