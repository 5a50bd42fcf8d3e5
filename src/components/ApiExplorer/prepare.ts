import type { Json } from '../../lib/openapi/document';
import { buildRequest, type HttpRequest } from '../../lib/openapi/request';
import { validateBody, validateParameters, type ValidationProblem } from '../../lib/openapi/validateRequest';
import type { OperationView } from '../../lib/openapi/view';

/**
 * What the explorer sends, decided before anything is sent: the reader's inputs checked against the document's
 * limits, the server checked against the listed ones, then the request the samples are also built from. Pure, so
 * every refusal and every request is tested without a browser.
 */
export interface ExplorerState {
  serverUrl: string;
  /** The servers the page lists: the request goes to one of these or nowhere. */
  serverUrls: readonly string[];
  credential: string;
  /** Raw text of each parameter's input, by name. */
  inputs: Record<string, string>;
  contentType: string;
  bodyText: string;
}

export type Prepared = { kind: 'invalid'; problems: ValidationProblem[] } | { kind: 'ready'; request: HttpRequest };

export function prepareRequest(operation: OperationView, state: ExplorerState): Prepared {
  const parameters = validateParameters(operation.parameters, state.inputs);
  const media = operation.requestBody?.contents.find((candidate) => candidate.contentType === state.contentType);
  const body = operation.requestBody
    ? validateBody(media, state.bodyText, operation.requestBody.required)
    : { problems: [] as ValidationProblem[], value: undefined };
  const problems = [...parameters.problems, ...body.problems];
  if (!state.serverUrls.includes(state.serverUrl)) {
    problems.push({ field: 'server', message: 'choose one of the listed servers' });
  }
  if (problems.length > 0) return { kind: 'invalid', problems };
  const secured = operation.security.length > 0;
  return {
    kind: 'ready',
    request: buildRequest(operation, {
      serverUrl: state.serverUrl,
      values: parameters.values,
      // No credential typed, no Authorization header: the server answers 401, as it should.
      credential: secured && state.credential !== '' ? state.credential : undefined,
      body: body.value !== undefined ? { contentType: state.contentType, value: body.value } : undefined,
    }),
  };
}

export function optionText(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The inputs the explorer starts with: the document's example of each parameter that has one, the values the
 * samples beside it show, so both describe one request from the start.
 */
export function initialInputs(operation: OperationView): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const example = parameter.example;
    if (example === undefined) continue;
    inputs[parameter.name] = Array.isArray(example) ? example.map(optionText).join(',') : optionText(example);
  }
  return inputs;
}
