import type { Json } from '../../lib/openapi/document';
import { buildRequest, type HttpRequest } from '../../lib/openapi/request';
import { validateBody, validateParameters, type ValidationProblem } from '../../lib/openapi/validateRequest';
import type { PatternMatcher } from '../../lib/openapi/patterns';
import type { OperationView } from '../../lib/openapi/view';
import { withArticle } from '../../lib/openapi/security';

/**
 * What the explorer sends, decided before anything is sent: the reader's inputs checked against the document's
 * limits, the server checked against the listed ones, then the request the samples are also built from. Pure, so
 * every refusal and every request is tested without a browser.
 */
export interface ExplorerState {
  serverUrl: string;
  /**
   * The servers the page lists: the request goes to a trusted one of these (the API's own hosts, the local mock) or
   * nowhere. A document may name other servers; they are shown as documented, never sent a credential.
   */
  servers: readonly { url: string; trusted: boolean }[];
  credential: string;
  /** Raw text of each parameter's input, by name. */
  inputs: Record<string, string>;
  contentType: string;
  bodyText: string;
}

export type Prepared = { kind: 'invalid'; problems: ValidationProblem[] } | { kind: 'ready'; request: HttpRequest };

/** `matches` checks the document's patterns (see `re2Matcher`); the explorer loads it when the reader sends. */
export function prepareRequest(operation: OperationView, state: ExplorerState, matches?: PatternMatcher): Prepared {
  const parameters = validateParameters(operation.parameters, state.inputs, matches);
  const media = operation.requestBody?.contents.find((candidate) => candidate.contentType === state.contentType);
  const body = operation.requestBody
    ? validateBody(media, state.bodyText, operation.requestBody.required, matches)
    : { problems: [] as ValidationProblem[], value: undefined };
  const problems = [...parameters.problems, ...body.problems];
  const server = state.servers.find((candidate) => candidate.url === state.serverUrl);
  if (!server) {
    problems.push({ field: 'server', message: 'choose one of the listed servers' });
  } else if (!server.trusted) {
    problems.push({
      field: 'server',
      message:
        `${hostOf(server.url)} is named by the document but is not one of this API's own hosts, so the explorer ` +
        'sends no request and no credential there. Choose the production server or the local mock.',
    });
  }
  problems.push(...credentialProblems(operation));
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

/**
 * What the explorer cannot send, said rather than sent wrong: a cookie (a page cannot set one for another site), two
 * credentials at once (it has one field), a scheme no request carries (mutual TLS, HTTP Digest).
 */
export function credentialProblems(operation: OperationView): ValidationProblem[] {
  const placed = operation.security.flatMap((security) => security.placement ?? []);
  const why = operation.security.some((security) => !security.placement)
    ? `it takes ${withArticle(operation.security.find((security) => !security.placement)?.credential ?? '')}, which a page cannot send`
    : placed.some((placement) => placement.in === 'cookie')
      ? `its credential goes in a cookie (${placed.find((placement) => placement.in === 'cookie')?.name}), which a page cannot set`
      : placed.length > 1
        ? `it takes ${placed.length} credentials at once (${placed.map((placement) => placement.name).join(' and ')}) and Try it has one field`
        : '';
  return why
    ? [{ field: 'credential', message: `Try it cannot send this call: ${why}; run a code sample instead.` }]
    : [];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
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
