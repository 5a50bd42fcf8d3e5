import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { RE2JS } from 're2js';
import type { Json } from '../../src/core/openapi/document';
import { re2Matcher } from '../../src/core/openapi/patterns';
import {
  buildRequest,
  sampleBody,
  sampleValues,
  scalar,
  type HttpRequest,
  type ParameterValues,
} from '../../src/core/openapi/request';
import { isTrustedServer } from '../../src/core/openapi/servers';
import { validateBody, validateParameters } from '../../src/core/openapi/validateRequest';
import type { OperationView } from '../../src/core/openapi/view';
import { readCapped } from '../../src/build/node/readCapped';
import type { McpApi } from './context';

/**
 * What decides whether `call_operation` sends a call, apart from the MCP plumbing, so each refusal can be tested as
 * it is: the document's limits, the API's own hosts, the person's confirmation of a write, and the credential kept
 * out of what comes back.
 */

/** Longest response body `call_operation` returns; the rest is cut, and the result says so. */
export const maxBodyCharacters = 20_000;
/** The most of an answer `call_operation` reads: the rest is never read, however long the server goes on. */
export const maxResponseBytes = 256 * 1024;

/** Methods that only read: any other is a write, which the person confirms. */
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The document's patterns, checked in linear time whatever they are (src/core/openapi/patterns.ts). */
const matches = re2Matcher(RE2JS);

/**
 * Every form a credential can take in what comes back: as it is, percent-encoded (a query parameter, a form), and
 * in Base64 (HTTP Basic sends `user:password` so; a server may echo a header back). Longest first, so a form that
 * holds another is replaced whole.
 */
export function credentialForms(credential: string): string[] {
  const base64 = Buffer.from(credential, 'utf8').toString('base64');
  const forms = [
    credential,
    encodeURIComponent(credential),
    new URLSearchParams({ c: credential }).toString().slice(2),
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(credential, 'utf8').toString('base64url'),
  ];
  return [...new Set(forms)].filter((form) => form.length >= 4).sort((a, b) => b.length - a.length);
}

/** A text with every form of the credentials replaced by `[credential]`. */
export function hideCredentials(value: string, credentials: readonly (string | undefined)[]): string {
  let hidden = value;
  for (const credential of credentials) {
    if (!credential) continue;
    for (const form of credentialForms(credential)) hidden = hidden.split(form).join('[credential]');
  }
  return hidden;
}

/** The values of an assistant's arguments as the explorer's fields would hold them, for the same checks. */
function asInputs(values: ParameterValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) =>
      value === undefined || value === null
        ? []
        : [[name, Array.isArray(value) ? value.map((item) => scalar(item)).join(',') : scalar(value)]],
    ),
  );
}

/** Asks the person through the client (MCP elicitation). */
export type Ask = (request: ElicitRequestFormParams) => Promise<ElicitResult>;

export interface GateOptions {
  env: Record<string, string | undefined>;
  /** The server's `--allow-writes`: a write may be sent without asking, to a client that cannot ask. */
  allowWrites?: boolean;
  /** How to ask the person; absent when the client cannot (it declared no elicitation capability). */
  ask?: Ask;
}

export interface CallInput {
  api: McpApi;
  view: OperationView;
  values?: ParameterValues;
  body?: unknown;
}

/** A call the gate lets through: the request as it goes out, and what hides its credential in what comes back. */
export interface PassedCall {
  request: HttpRequest;
  hide: (value: string) => string;
}

/**
 * Asks whether to send a write; throws unless the person accepts. A client that cannot ask gets a refusal that says
 * how to allow writes, unless the server was started so. Answers `'allowed'` when the write passes without asking
 * anyone (`--allow-writes`), `'confirmed'` when the person accepted it, so a trace can say which.
 */
export async function confirmWrite(
  target: string,
  body: string | undefined,
  options: GateOptions,
): Promise<'confirmed' | 'allowed'> {
  if (!options.ask) {
    if (options.allowWrites) return 'allowed';
    throw new Error(
      `${target} changes something on the server, and this client cannot ask you to confirm it (MCP elicitation): nothing was sent. To let the assistant send such calls without asking, start the server with --allow-writes.`,
    );
  }
  const shown =
    body === undefined ? '' : `\n\nwith this body:\n${body.length > 2000 ? `${body.slice(0, 2000)}…` : body}`;
  const answer = await options.ask({
    message: `The assistant wants to send ${target}${shown}\n\nSend it?`,
    requestedSchema: {
      type: 'object',
      properties: { send: { type: 'boolean', title: 'Send this request', default: false } },
      required: ['send'],
    },
  });
  if (answer.action !== 'accept' || answer.content?.send !== true) {
    throw new Error(`you did not confirm ${target}: nothing was sent`);
  }
  return 'confirmed';
}

/**
 * The request `call_operation` would send, once every check has passed; throws, with one sentence saying why and
 * that nothing was sent, at the first that fails.
 */
export async function gateCall(call: CallInput, options: GateOptions): Promise<PassedCall> {
  const { api, view } = call;
  const method = view.method.toUpperCase();
  const serverUrl = options.env[api.baseUrlVariable] || api.mockUrl;
  if (!isTrustedServer(serverUrl, api.trustedOrigins)) {
    throw new Error(
      `${api.baseUrlVariable} names ${serverUrl}, which is not one of the ${api.title}'s hosts (${api.trustedOrigins.join(', ')}): nothing was sent`,
    );
  }
  const credential = options.env[api.credentialVariable];
  if (view.security.length > 0 && !credential && serverUrl !== api.mockUrl) {
    throw new Error(`${api.credentialVariable} is not set: the ${api.title} needs a credential (see list_auth)`);
  }
  // The checks Try it makes before it sends: the document's limits, types, enums and patterns.
  const parsed = validateParameters(view.parameters, asInputs({ ...sampleValues(view), ...call.values }), matches);
  const documented = sampleBody(view);
  const media = view.requestBody?.contents.find((content) => content.contentType === documented?.contentType);
  const body =
    call.body !== undefined && documented
      ? { contentType: documented.contentType, value: call.body as Json }
      : documented;
  const problems = [
    ...parsed.problems,
    ...(body && media && /json/i.test(body.contentType)
      ? validateBody(media, JSON.stringify(body.value), view.requestBody?.required ?? false, matches).problems
      : []),
  ];
  if (problems.length > 0) {
    throw new Error(`nothing was sent: ${problems.map((problem) => problem.message).join('; ')}`);
  }
  const request = buildRequest(view, {
    serverUrl,
    values: parsed.values,
    credential: credential || (serverUrl === api.mockUrl ? 'mock-credential' : undefined),
    body,
  });
  // The URL that is sent is what is checked: the joined path and query must still be on the API's hosts.
  if (!isTrustedServer(request.url.split('?')[0], api.trustedOrigins)) {
    throw new Error(
      `the call would go to ${new URL(request.url).origin}, off the ${api.title}'s hosts: nothing was sent`,
    );
  }
  const hide = (value: string) => hideCredentials(value, [credential]);
  if (!readMethods.has(method)) {
    await confirmWrite(
      `${method} ${hide(request.url)}`,
      request.body === undefined ? undefined : hide(request.body),
      options,
    );
  }
  return { request, hide };
}

export interface CallAnswer extends Record<string, unknown> {
  status: number;
  url: string;
  contentType: string;
  body: string;
}

/** An answer as the assistant gets it: read up to the cap, cut with a note, every form of the credential hidden. */
export async function answerOf(response: Response, call: PassedCall): Promise<CallAnswer> {
  const read = await readCapped(response, maxResponseBytes);
  const text = new TextDecoder().decode(read.bytes);
  const cut = read.truncated || text.length > maxBodyCharacters;
  return {
    status: response.status,
    url: call.hide(call.request.url),
    contentType: call.hide(response.headers.get('content-type') ?? ''),
    body: call.hide(
      cut
        ? `${text.slice(0, maxBodyCharacters)}…(cut: the answer is longer than ${read.truncated ? `${maxResponseBytes} bytes, and the rest was not read` : `${maxBodyCharacters} characters`})`
        : text,
    ),
  };
}

/** Sends a call the gate let through, and reads its answer. */
export async function sendCall(call: PassedCall, fetchImpl: typeof fetch = fetch): Promise<CallAnswer> {
  const response = await fetchImpl(call.request.url, {
    method: call.request.method,
    headers: call.request.headers,
    body: call.request.body as BodyInit | undefined,
    // A redirect is answered as it is, never followed: the credential stays on the API's own host.
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  return answerOf(response, call);
}
