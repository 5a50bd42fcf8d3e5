import type { Json } from '../../openapi/document';
import type { OperationView, SecurityView } from '../../openapi/view';
import { sampleServer } from '../../samples/settings';
import { operationName, requestView } from '../requests';
import { isWriteMethod } from '../runModel';
import type { ArazzoDocument, ArazzoSecurity, ArazzoStep, ArazzoValue, ArazzoWorkflow } from '../types';
import { actionsOf, criteriaOf, valueOf, type Context, type Scope } from './compileValues';
import {
  RecipeCodeError,
  type CodeApi,
  type CodeInput,
  type CodeRequest,
  type CodeStep,
  type CodeValue,
  type CodeWorkflow,
  type RecipeCodeSource,
  type RecipeProgram,
} from './model';

/**
 * Compiles a recipe into the program model every language writes out, with the semantics of the runner
 * (../runner.ts, ../operationStep.ts): the same request for each step (the call found by its operationId, the
 * credential of `x-security` where the call's scheme puts it), the same criteria, actions and outputs. What the
 * runner does and no program here can (retries, a goto to another workflow, regex criteria, cookies, a form body)
 * is a `RecipeCodeError` naming the recipe, workflow and step: no program is better than one that does otherwise.
 */

/** The credential text `x-security` gives a scheme, by its type (the runner's `schemeCredential`). */
function credentialOf(scheme: SecurityView, values: Record<string, ArazzoValue>): ArazzoValue | undefined {
  if (scheme.type === 'apiKey') return values.apiKey;
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return values.accessToken;
  if (scheme.placement?.scheme === 'basic') {
    if (typeof values.username !== 'string') return undefined;
    return `${values.username}:${typeof values.password === 'string' ? values.password : ''}`;
  }
  if (scheme.type === 'http') return values.token;
  return undefined;
}

function requestOf(step: ArazzoStep, view: OperationView, source: string, context: Context): CodeRequest {
  const { fail } = context;
  const security = new Map<string, Record<string, ArazzoValue>>();
  for (const entry of [...(context.workflow['x-security'] ?? []), ...(step['x-security'] ?? [])] as ArazzoSecurity[])
    security.set(entry.schemeName, entry.values);
  const located = (step.parameters ?? []).map((parameter) => {
    if (!parameter.in) return fail(`the parameter ${parameter.name} names no "in"`);
    if (parameter.in === 'cookie') fail(`the cookie parameter ${parameter.name} is not written out`);
    return { name: parameter.name, in: parameter.in };
  });
  // The runner's own choice of the call's security alternative and of the parameters it sends.
  const built = requestView(view, located, security).view;
  const given = new Map(
    (step.parameters ?? []).map((parameter) => [`${parameter.in}\u0000${parameter.name}`, parameter]),
  );
  const valueFor = (name: string, place: string) => {
    const parameter = given.get(`${place}\u0000${name}`);
    return parameter ? valueOf(parameter.value, 'workflow', context) : undefined;
  };
  if (
    built.parameters.some(
      (parameter) => parameter.in === 'querystring' && given.has(`querystring\u0000${parameter.name}`),
    )
  )
    fail('a querystring parameter is not written out');
  const path: CodeRequest['path'] = [];
  let at = 0;
  for (const match of view.path.matchAll(/\{([^}]+)\}/g)) {
    if (match.index > at) path.push(view.path.slice(at, match.index));
    const value = valueFor(match[1], 'path');
    path.push(value ? { name: match[1], value } : match[0]);
    at = match.index + match[0].length;
  }
  if (at < view.path.length) path.push(view.path.slice(at));
  const query = built.parameters.flatMap((parameter) => {
    const value = parameter.in === 'query' ? valueFor(parameter.name, 'query') : undefined;
    return value ? [{ name: parameter.name, value, explode: parameter.explode }] : [];
  });
  const headers = built.parameters.flatMap((parameter) => {
    const value = parameter.in === 'header' ? valueFor(parameter.name, 'header') : undefined;
    return value ? [{ name: parameter.name, value }] : [];
  });
  const credentials = built.security.flatMap((scheme) => {
    const values = security.get(scheme.name);
    const credential = values && credentialOf(scheme, values);
    if (!scheme.placement || credential === undefined) return [];
    return [{ placement: scheme.placement, value: valueOf(credential, 'workflow', context) }];
  });
  let body: CodeRequest['body'];
  if (step.requestBody?.payload !== undefined) {
    const contentType = step.requestBody.contentType ?? 'application/json';
    const type = contentType.split(';')[0].trim().toLowerCase();
    if (type !== 'application/json' && !type.endsWith('+json')) fail(`a ${contentType} body is not written out`);
    body = { contentType, value: valueOf(step.requestBody.payload, 'workflow', context) };
  }
  const method = view.method.toUpperCase();
  return {
    source,
    method,
    operationId: view.operationId,
    template: view.path,
    path,
    query,
    headers,
    credentials,
    ...(body ? { body } : {}),
    writes: isWriteMethod(method),
  };
}

/** The environment variable an input is read from: `playerId` is `RECIPE_PLAYER_ID`. */
function envName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return `RECIPE_${words.join('_').toUpperCase()}`;
}

/** The API whose credential a workflow's `format: password` input is: the one whose scheme its `x-security` feeds. */
function credentialVariable(
  name: string,
  workflow: ArazzoWorkflow,
  schemes: Map<string, CodeApi>,
  apis: CodeApi[],
): string | undefined {
  const entries = [...(workflow['x-security'] ?? []), ...workflow.steps.flatMap((step) => step['x-security'] ?? [])];
  const feeds = entries.filter((entry) =>
    Object.values(entry.values).some((value) => value === `$inputs.${name}` || value === `{$inputs.${name}}`),
  );
  const api = feeds.map((entry) => schemes.get(entry.schemeName)).find(Boolean);
  return (api ?? (apis.length === 1 ? apis[0] : undefined))?.credentialVariable;
}

/** The program model of one recipe; throws a `RecipeCodeError` for anything no program here writes out. */
export function compileRecipe(
  file: string,
  document: ArazzoDocument,
  sources: Record<string, RecipeCodeSource>,
): RecipeProgram {
  const apis = new Map<string, CodeApi>();
  const schemes = new Map<string, CodeApi>();
  const views = new Map<string, { view: OperationView; source: string }>();
  const where = (workflow?: string, step?: string) =>
    [`recipe ${file}`, ...(workflow ? [`workflow ${workflow}`] : []), ...(step ? [`step ${step}`] : [])].join(', ');
  for (const workflow of document.workflows) {
    for (const step of workflow.steps) {
      if (!step.operationId) continue;
      const fail = (reason: string): never => {
        throw new RecipeCodeError(`${where(workflow.workflowId, step.stepId)}: ${reason}`);
      };
      const name = operationName(document, step.operationId);
      const source = Object.hasOwn(sources, name.source) ? sources[name.source] : undefined;
      const view = source?.operation(name.operationId);
      if (!source || !view) return fail(`no operation ${name.operationId} in the source ${name.source}`);
      views.set(`${workflow.workflowId}\u0000${step.stepId}`, { view, source: name.source });
      const server = sampleServer(view, source.settings);
      const api = apis.get(name.source) ?? {
        source: name.source,
        baseUrlVariable: source.settings.baseUrlVariable,
        credentialVariable: source.settings.credentialVariable,
        server,
      };
      // One base URL variable per API: calls of one API on two default servers would need two.
      if (api.server !== server) fail(`${name.operationId} is on ${server}, the recipe's other calls on ${api.server}`);
      apis.set(name.source, api);
      for (const scheme of [view.security, ...(view.otherSecurity ?? [])].flat()) schemes.set(scheme.name, api);
    }
  }
  const workflows = document.workflows.map((workflow): CodeWorkflow => {
    const required = workflow.inputs?.required ?? [];
    const inputs = Object.entries(workflow.inputs?.properties ?? {}).map(([name, schema]): CodeInput => {
      const example = Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples[0] : undefined;
      const credential =
        schema.format === 'password' ? credentialVariable(name, workflow, schemes, [...apis.values()]) : undefined;
      if (schema.format === 'password' && !credential)
        throw new RecipeCodeError(
          `${where(workflow.workflowId)}: no API's credential variable holds the input ${name}`,
        );
      return {
        name,
        env: envName(name),
        ...(typeof schema.type === 'string' ? { type: schema.type } : {}),
        required: required.includes(name),
        ...(credential ? { credential } : {}),
        ...(schema.default !== undefined ? { default: schema.default as Json } : {}),
        ...(example !== undefined && !credential ? { example: example as Json } : {}),
      };
    });
    // `--workflow` chooses the workflow; `__proto__` as a key of a JavaScript object would be its prototype.
    const names = [workflow.workflowId, ...inputs.map((input) => input.name), ...Object.keys(workflow.outputs ?? {})];
    for (const step of workflow.steps) names.push(step.stepId, ...Object.keys(step.outputs ?? {}));
    const option = inputs.find((input) => input.name === 'workflow' || input.name === 'max-steps');
    if (option)
      throw new RecipeCodeError(
        `${where(workflow.workflowId)}: an input named ${option.name} would be the programs' --${option.name}`,
      );
    if (names.includes('__proto__'))
      throw new RecipeCodeError(`${where(workflow.workflowId)}: the name __proto__ is not written out`);
    const envs = inputs.map((input) => input.env);
    const twice = envs.find((env, index) => envs.indexOf(env) !== index);
    if (twice) throw new RecipeCodeError(`${where(workflow.workflowId)}: two inputs are read from ${twice}`);
    const steps = workflow.steps.map((step, index): CodeStep => {
      const fail = (reason: string): never => {
        throw new RecipeCodeError(`${where(workflow.workflowId, step.stepId)}: ${reason}`);
      };
      const context: Context = { workflow, document, fail };
      const scope: Scope = step.workflowId ? 'called' : 'call';
      let request: CodeRequest | undefined;
      let called: CodeStep['workflow'];
      if (step.workflowId) {
        if (!document.workflows.some((candidate) => candidate.workflowId === step.workflowId))
          fail(`runs no workflow ${step.workflowId}`);
        if ((step.onFailure ?? workflow.failureActions ?? []).length > 0)
          fail('onFailure actions of a step that runs a workflow are not written out (its failure ends the program)');
        called = {
          id: step.workflowId,
          inputs: (step.parameters ?? []).map((parameter) => [
            parameter.name,
            valueOf(parameter.value, 'workflow', context),
          ]),
        };
      } else if (step.operationId) {
        const found = views.get(`${workflow.workflowId}\u0000${step.stepId}`)!;
        request = requestOf(step, found.view, found.source, context);
      } else {
        fail('only steps that name an operationId or a workflowId are written out');
      }
      const next = workflow.steps[index + 1]?.stepId;
      return {
        id: step.stepId,
        ...(step.description ? { description: step.description } : {}),
        ...(request ? { request } : {}),
        ...(called ? { workflow: called } : {}),
        criteria: criteriaOf(step, step.successCriteria, scope, context),
        criteriaText: (step.successCriteria ?? []).map((criterion) => criterion.condition),
        ...(step.outputs || !called
          ? {
              outputs: Object.entries(step.outputs ?? {}).map(([name, value]): [string, CodeValue] => [
                name,
                valueOf(value, scope, context),
              ]),
            }
          : {}),
        onSuccess: actionsOf(step, step.onSuccess ?? workflow.successActions ?? [], scope, context),
        onFailure: actionsOf(step, step.onFailure ?? workflow.failureActions ?? [], scope, context),
        ...(next ? { next } : {}),
      };
    });
    const context: Context = {
      workflow,
      document,
      fail: (reason) => {
        throw new RecipeCodeError(`${where(workflow.workflowId)}: ${reason}`);
      },
    };
    return {
      id: workflow.workflowId,
      ...(workflow.summary ? { summary: workflow.summary } : {}),
      inputs,
      defaults: inputs.flatMap((input) => (input.default !== undefined ? [[input.name, input.default]] : [])),
      required,
      steps,
      outputs: Object.entries(workflow.outputs ?? {}).map(([name, value]) => [
        name,
        valueOf(value, 'workflow', context),
      ]),
    };
  });
  return {
    file,
    title: document.info.title,
    ...(document.info.summary ? { summary: document.info.summary } : {}),
    apis: [...apis.values()],
    workflows,
  };
}
