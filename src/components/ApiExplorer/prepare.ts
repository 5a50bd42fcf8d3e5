import type { Json } from '../../core/openapi/document';
import { buildRequest, requestProblems, type HttpRequest } from '../../core/openapi/request';
import { validateBody, validateParameters, type ValidationProblem } from '../../core/openapi/validateRequest';
import type { PatternMatcher } from '../../core/openapi/patterns';
import type { OperationView, SecurityView } from '../../core/openapi/view';
import { withArticle } from '../../core/openapi/security';
import { fillServerTemplate, serverOrigin, serverUrlProblem, type ListedServer } from '../../core/openapi/servers';

/**
 * What the explorer sends, decided before anything is sent: the reader's inputs checked against the document's
 * limits, the server checked against the listed ones, then the request the samples are also built from. Pure, so
 * every refusal and every request is tested without a browser.
 */
export interface ExplorerState {
  /** The chosen server, by its URL with variables at their defaults (as listed). */
  serverUrl: string;
  /**
   * The servers the page lists: the request goes to a trusted one of these (the API's own hosts, the local mock) or
   * nowhere. A document may name other servers; they are shown as documented, never sent a credential.
   */
  servers: readonly Pick<ListedServer, 'url' | 'trusted' | 'template' | 'variables'>[];
  /** The reader's values of the chosen server's variables, by name; a variable not given takes its default. */
  variables?: Readonly<Record<string, string>>;
  credential: string;
  /** The credentials of the schemes the call combines with the first (`{ApiKey, Token}`), in the document's order. */
  moreCredentials?: readonly string[];
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
  const target = server && requestServer(server, state);
  if (!server || !target) {
    problems.push({ field: 'server', message: 'choose one of the listed servers' });
  } else if (!server.trusted) {
    problems.push({
      field: 'server',
      message:
        `${hostOf(server.url)} is named by the document but is not one of this API's own hosts, so the explorer ` +
        'sends no request and no credential there. Choose the production server or the local mock.',
    });
  } else if ('problem' in target) {
    problems.push({ field: target.field, message: target.problem });
  }
  problems.push(...credentialProblems(operation));
  // A value that would change the call (a path value of `..`, a line break in a header) is named, not sent.
  problems.push(...requestProblems(operation, parameters.values, [state.credential, ...(state.moreCredentials ?? [])]));
  if (problems.length > 0) return { kind: 'invalid', problems };
  const secured = operation.security.length > 0;
  return {
    kind: 'ready',
    request: buildRequest(operation, {
      serverUrl: target && 'url' in target ? target.url : state.serverUrl,
      values: parameters.values,
      // No credential typed, no Authorization header: the server answers 401, as it should.
      credential: secured && state.credential !== '' ? state.credential : undefined,
      // A field left empty sends nothing for its scheme: the server answers 401, as it should.
      moreCredentials: (state.moreCredentials ?? []).map((value) => value || undefined),
      body: body.value !== undefined ? { contentType: state.contentType, value: body.value } : undefined,
    }),
  };
}

/** The id of a server variable's field, for the problem that names it. */
export function variableField(name: string): string {
  return `server-variable-${name}`;
}

/**
 * The URL a request goes to on the chosen server: its template filled with the reader's values (defaults where none
 * is given), each value one the document allows, the result a plain URL (the one gate for server URLs) on the
 * origin of a server the explorer may send to. A variable in the host could otherwise take the credential anywhere.
 */
function requestServer(
  server: ExplorerState['servers'][number],
  state: ExplorerState,
): { url: string } | { field: string; problem: string } {
  if (!server.template || !server.variables) return { url: server.url };
  const values: Record<string, string> = {};
  for (const variable of server.variables) {
    const value =
      state.variables && Object.hasOwn(state.variables, variable.name)
        ? state.variables[variable.name]
        : variable.default;
    if (variable.enum && !variable.enum.includes(value)) {
      return {
        field: variableField(variable.name),
        problem: `${variable.name} must be one of ${variable.enum.join(', ')}`,
      };
    }
    if (value === '') return { field: variableField(variable.name), problem: `${variable.name} is empty` };
    values[variable.name] = value;
  }
  const url = fillServerTemplate(server.template, values);
  const problem = serverUrlProblem(url);
  if (problem) return { field: 'server', problem: `With these server values the URL cannot be used: ${problem}.` };
  const trusted = state.servers
    .filter((candidate) => candidate.trusted)
    .map((candidate) => serverOrigin(candidate.url));
  if (!trusted.includes(serverOrigin(url))) {
    return {
      field: 'server',
      problem:
        `With these server values the request would go to ${hostOf(url)}, which is not one of this API's own hosts, ` +
        'so the explorer sends nothing there.',
    };
  }
  return { url };
}

/**
 * What the explorer cannot send, said rather than sent wrong: a cookie (a page cannot set one for another site), a
 * scheme no request carries (mutual TLS, HTTP Digest). Schemes combined in one requirement each get a field.
 */
export function credentialProblems(operation: OperationView): ValidationProblem[] {
  const placed = operation.security.flatMap((security) => security.placement ?? []);
  const why = operation.security.some((security) => !security.placement)
    ? `it takes ${withArticle(operation.security.find((security) => !security.placement)?.credential ?? '')}, which a page cannot send`
    : placed.some((placement) => placement.in === 'cookie')
      ? `its credential goes in a cookie (${placed.find((placement) => placement.in === 'cookie')?.name}), which a page cannot set`
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

/**
 * The ways a call may be authenticated, as the reader picks among them: its first requirement, the alternatives the
 * document lists after it, and no credential when one of them is empty (`security: [{}, …]`). Each named by its
 * schemes, with what each sends.
 */
export function securityChoices(operation: OperationView): { label: string; schemes: SecurityView[] }[] {
  const named = [operation.security, ...(operation.otherSecurity ?? [])]
    .filter((schemes) => schemes.length > 0)
    .map((schemes) => ({
      label: schemes.map((scheme) => `${scheme.name} (${scheme.credential})`).join(' and '),
      schemes,
    }));
  if (!operation.securityOptional) return named;
  const none = { label: 'No credential', schemes: [] };
  // In the document's order: a call whose first requirement is empty is sent without a credential by default.
  return operation.security.length === 0 ? [none, ...named] : [...named, none];
}
