import { re2Matcher, type PatternMatcher } from '@site/src/core/openapi/patterns';
import type { HttpRequest } from '@site/src/core/openapi/request';
import type { ValidationProblem } from '@site/src/core/openapi/validateRequest';
import type { OperationView, SecurityView } from '@site/src/core/openapi/view';
import { readToken, writeToken, type SignedIn } from '@site/src/core/oauth/tokens';
import { prepareRequest, type ExplorerState } from './prepare';
import { isStreamType, readBody } from './readBody';

/**
 * Sending a call from Try it, with no React: the credentials (a sign-in's token refreshed when it has expired), the
 * request checked and built, the answer read within its bounds of time and size. Each step's result is handed to
 * `show`, so the explorer only renders it and every step is tested without a browser.
 */
export type Outcome =
  | { kind: 'none' }
  | { kind: 'invalid'; problems: ValidationProblem[] }
  | { kind: 'sending'; url: string }
  | {
      kind: 'response';
      url: string;
      status: number;
      statusText: string;
      millis: number;
      contentType: string;
      headers: [string, string][];
      body: string;
      /** A stream still arriving, or cut: what the reader is told below the body. */
      note?: string;
    }
  | { kind: 'error'; url: string; message: string };

export const timeoutMillis = 30_000;
/** The most of an answer Try it reads and shows: an endless one must not take the tab's memory. */
export const maxResponseBytes = 2 * 1024 * 1024;

/** What the reader asked for: the call with the way of authenticating they picked, and what they chose and typed. */
export interface Attempt {
  operation: OperationView;
  /** The chosen server's URL with its variables filled: a token is sent only to the server it was got for. */
  requestUrl: string;
  /** A credential typed for each of the call's schemes, in their order. */
  typed: readonly string[];
  state: Omit<ExplorerState, 'credential' | 'moreCredentials'>;
}

/** What the tests put in place of the network, the clock and the token endpoint. */
export interface SendOptions {
  fetch?: typeof fetch;
  /** Starts the time limit, returning what stops it; `timeoutMillis` by default. */
  startTimer?: (onTimeout: () => void) => () => void;
  /** Milliseconds from an arbitrary start, for the time an answer took. */
  clock?: () => number;
  refresh?: Refresh;
}

type Refresh = (flow: NonNullable<ReturnType<typeof tokenFlow>>, token: SignedIn) => Promise<SignedIn>;

/** The OAuth2 flow Try it can get a token with for a scheme, if any. */
export const tokenFlow = (scheme: SecurityView) => scheme.authorizationCode ?? scheme.clientCredentials;

/** The token a sign-in got for a scheme, when it was got for this server: it then stands in for a typed credential. */
export function signedInFor(api: string, scheme: SecurityView, requestUrl: string): SignedIn | undefined {
  if (!tokenFlow(scheme)) return undefined;
  const token = readToken(api, scheme.name);
  return token && token.serverUrl === requestUrl ? token : undefined;
}

let matcher: Promise<PatternMatcher | undefined> | undefined;

/**
 * RE2's linear-time engine (re2js), in a chunk of its own fetched on the first Send: a document's pattern can never
 * hold the tab, and pages nobody sends from never load it. Should the chunk not load, patterns go unchecked and the
 * server judges them.
 */
function patternMatcher(): Promise<PatternMatcher | undefined> {
  matcher ??= import('re2js').then(
    ({ RE2JS }) => re2Matcher(RE2JS),
    () => undefined,
  );
  return matcher;
}

/**
 * The credentials sent: a signed-in scheme's token (refreshed first when it expires within 5 s), else what was
 * typed. A refresh that fails forgets the token, so the reader signs in again.
 */
export function sentCredentials(attempt: Attempt, refresh?: Refresh): Promise<string[]> {
  const { api, security } = attempt.operation;
  return Promise.all(
    security.map(async (scheme, index) => {
      const token = signedInFor(api, scheme, attempt.requestUrl);
      const flow = tokenFlow(scheme);
      if (!token || !flow) return attempt.typed[index] ?? '';
      if (token.expiresAt === undefined || token.expiresAt > Date.now() + 5_000) return token.accessToken;
      const renew = refresh ?? (await import('@site/src/core/oauth/signIn')).refresh;
      try {
        const fresh = await renew(flow, token);
        writeToken(api, scheme.name, fresh);
        return fresh.accessToken;
      } catch (error) {
        writeToken(api, scheme.name, undefined);
        throw error;
      }
    }),
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Sends the reader's call, or says why not: every outcome, the answer as it arrives included, goes to `show`. */
export async function send(attempt: Attempt, show: (outcome: Outcome) => void, options: SendOptions = {}) {
  let sent: string[];
  try {
    sent = await sentCredentials(attempt, options.refresh);
  } catch (error) {
    show({ kind: 'error', url: attempt.requestUrl, message: messageOf(error) });
    return;
  }
  const prepared = prepareRequest(
    attempt.operation,
    { ...attempt.state, credential: sent[0] ?? '', moreCredentials: sent.slice(1) },
    await patternMatcher(),
  );
  if (prepared.kind === 'invalid') show({ kind: 'invalid', problems: prepared.problems });
  else await fetchAnswer(prepared.request, show, options);
}

const startTimeout = (onTimeout: () => void) => {
  const timer = setTimeout(onTimeout, timeoutMillis);
  return () => clearTimeout(timer);
};

/**
 * Sends a built request and shows its answer: JSON pretty-printed, a stream (server-sent events, JSON Lines) as its
 * items arrive until it ends or the time is up, at most `maxResponseBytes` of any.
 */
export async function fetchAnswer(
  request: HttpRequest,
  show: (outcome: Outcome) => void,
  { fetch: transport = fetch, startTimer = startTimeout, clock = () => performance.now() }: SendOptions = {},
): Promise<void> {
  show({ kind: 'sending', url: request.url });
  const controller = new AbortController();
  const stopTimer = startTimer(() => controller.abort());
  const started = clock();
  try {
    const response = await transport(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // The credential travels in the header only; no cookies, no referrer to a third-party server.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    const shown = (body: string, note?: string) =>
      show({
        kind: 'response',
        url: request.url,
        status: response.status,
        statusText: response.statusText,
        millis: Math.round(clock() - started),
        contentType: type,
        headers,
        body,
        ...(note ? { note } : {}),
      });
    const streamed = isStreamType(type);
    let sofar = '';
    try {
      const read = await readBody(
        response,
        maxResponseBytes,
        streamed ? (text) => shown((sofar = text), 'Receiving the stream…') : undefined,
      );
      shown(
        streamed ? read.text : pretty(read.text, type),
        read.truncated ? `Cut at ${maxResponseBytes / 1024 / 1024} MB: the rest was not read.` : undefined,
      );
    } catch (error) {
      // A stream the time limit ended keeps what arrived.
      if (!streamed || !controller.signal.aborted) throw error;
      shown(sofar, `The stream was still open after ${timeoutMillis / 1000} s; Try it stopped reading it.`);
    }
  } catch (error) {
    const reason = controller.signal.aborted ? `no answer within ${timeoutMillis / 1000} s` : messageOf(error);
    show({ kind: 'error', url: request.url, message: reason });
  } finally {
    stopTimer();
  }
}

function pretty(text: string, contentType: string): string {
  if (!contentType.includes('json')) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
