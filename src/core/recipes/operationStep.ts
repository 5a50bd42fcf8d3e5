import type { Json } from '../openapi/document';
import { buildRequest, type HttpRequest, type ParameterValues } from '../openapi/request';
import { isTrustedServer } from '../openapi/servers';
import type { ParameterView } from '../openapi/view';
import { checkCriterion, defaultCriterion, stepOutputs } from './criteria';
import { evaluateValue, type ExpressionContext } from './expressions';
import { addSecurity, headerRecord, operationName, parsedBody, requestView } from './requests';
import {
  defaultTraceBodyLimit,
  hideSecrets,
  isWriteMethod,
  message,
  RunHalt,
  type RecipeAnswer,
  type StepOutcome,
  type TraceEvent,
  type WorkflowScope,
} from './runModel';
import type { ArazzoStep } from './types';

/**
 * A step that calls an operation: its request built by the site's request model and checked, confirmed when it
 * writes, sent; then its answer, its criteria and its outputs.
 */
export async function* callOperation(
  scope: WorkflowScope,
  step: ArazzoStep,
): AsyncGenerator<TraceEvent, StepOutcome, void> {
  const { state, base, context, security } = scope;
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
      addSecurity(state, context, stepSecurity, step['x-security']);
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
    const answer = state.options.confirm ? await state.options.confirm(step, shown) : false;
    const accepted = answer !== false;
    yield {
      ...base,
      type: 'confirmation',
      stepId: step.stepId,
      request: shown,
      accepted,
      ...(typeof answer === 'object' ? { unasked: answer.unasked } : {}),
    };
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
      success = (yield* checkCriterion(base, step, criterion, stepContext)) && success;
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
