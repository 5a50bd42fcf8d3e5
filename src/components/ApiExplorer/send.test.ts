import { afterEach, describe, expect, test } from 'vitest';
import { getOperation } from '../../core/openapi/document';
import { operationView } from '../../core/openapi/view';
import type { HttpRequest } from '../../core/openapi/request';
import { readToken, writeToken, type SignedIn } from '../../core/oauth/tokens';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { fetchAnswer, maxResponseBytes, send, sentCredentials, type Attempt, type Outcome } from './send';

const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');
const games = operationView(data, 'data-v4', getOperation(data, '/games'));
const rooms = operationView(chat, 'chat-v1', getOperation(chat, '/rooms/{room_id}'));
const mock = 'http://127.0.0.1:4010';
const request: HttpRequest = { method: 'GET', url: `${mock}/games`, headers: [['Accept', 'application/json']] };

const attempt = (operation = games, typed = ['key-1']): Attempt => ({
  operation,
  requestUrl: mock,
  typed,
  state: {
    serverUrl: mock,
    servers: [{ url: mock, trusted: true }],
    inputs: { room_id: 'lobby' },
    contentType: '',
    bodyText: '',
  },
});

/** A body that arrives in the given chunks, then ends, or stays open (`open`) until the request is aborted. */
function body(chunks: string[], open = false, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(encoder.encode(chunks[index++]));
      else if (!open) controller.close();
      else
        return new Promise<void>((_, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      return undefined;
    },
  });
}

/** Records what is shown, and gives the test the time limit to end when it chooses. */
function harness(answer: (signal: AbortSignal, init: RequestInit) => Response | Promise<Response>) {
  const shown: Outcome[] = [];
  const sent: RequestInit[] = [];
  let timeout: (() => void) | undefined;
  let stopped = false;
  const options = {
    fetch: ((_url: string, init: RequestInit) => {
      sent.push(init);
      return Promise.resolve(answer(init.signal as AbortSignal, init));
    }) as typeof fetch,
    startTimer: (onTimeout: () => void) => {
      timeout = onTimeout;
      return () => {
        stopped = true;
      };
    },
    clock: (() => {
      let now = 1000;
      return () => (now += 12);
    })(),
  };
  return {
    shown,
    sent,
    options,
    endTime: () => timeout?.(),
    stopped: () => stopped,
    last: () => shown.at(-1),
  };
}

describe('fetchAnswer', () => {
  test('shows the request on its way, then the answer: status, time, headers, JSON pretty-printed', async () => {
    const run = harness(
      () => new Response('{"games":[1]}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await fetchAnswer(request, (outcome) => run.shown.push(outcome), run.options);
    expect(run.shown[0]).toEqual({ kind: 'sending', url: request.url });
    expect(run.last()).toEqual({
      kind: 'response',
      url: request.url,
      status: 200,
      statusText: '',
      millis: 12,
      contentType: 'application/json',
      headers: [['content-type', 'application/json']],
      body: '{\n  "games": [\n    1\n  ]\n}',
    });
    expect(run.stopped()).toBe(true);
  });

  test('sends no cookie and no referrer', async () => {
    const run = harness(() => new Response(''));
    await fetchAnswer(request, () => undefined, run.options);
    expect(run.sent[0]).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer', method: 'GET' });
  });

  test('a stream is shown as its items arrive, then whole once it ends', async () => {
    const run = harness(
      () => new Response(body(['data: 1\n\n', 'data: 2\n\n']), { headers: { 'content-type': 'text/event-stream' } }),
    );
    await fetchAnswer(request, (outcome) => run.shown.push(outcome), run.options);
    const bodies = run.shown.flatMap((outcome) =>
      outcome.kind === 'response' ? [[outcome.body, outcome.note ?? '']] : [],
    );
    expect(bodies).toEqual([
      ['data: 1\n\n', 'Receiving the stream…'],
      ['data: 1\n\ndata: 2\n\n', 'Receiving the stream…'],
      ['data: 1\n\ndata: 2\n\n', ''],
    ]);
  });

  test('a stream still open when the time is up keeps what arrived, and says it was stopped', async () => {
    const run = harness(
      (signal) =>
        new Response(body(['data: 1\n\n'], true, signal), { headers: { 'content-type': 'text/event-stream' } }),
    );
    await fetchAnswer(
      request,
      (outcome) => {
        run.shown.push(outcome);
        if (outcome.kind === 'response') run.endTime();
      },
      run.options,
    );
    expect(run.last()).toMatchObject({
      kind: 'response',
      body: 'data: 1\n\n',
      note: 'The stream was still open after 30 s; Try it stopped reading it.',
    });
  });

  test('an answer longer than the cap is cut there, and says so', async () => {
    const run = harness(() => new Response('x'.repeat(maxResponseBytes + 10)));
    await fetchAnswer(request, (outcome) => run.shown.push(outcome), run.options);
    const last = run.last();
    expect(last?.kind === 'response' && last.body.length).toBe(maxResponseBytes);
    expect(last).toMatchObject({ note: 'Cut at 2 MB: the rest was not read.' });
  });

  test('no answer within the time is an error that names the limit', async () => {
    const run = harness(
      (signal) =>
        new Promise<Response>((_, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const done = fetchAnswer(request, (outcome) => run.shown.push(outcome), run.options);
    run.endTime();
    await done;
    expect(run.last()).toEqual({ kind: 'error', url: request.url, message: 'no answer within 30 s' });
  });

  test("a network failure is an error with the browser's reason", async () => {
    const run = harness(() => Promise.reject(new TypeError('Failed to fetch')));
    await fetchAnswer(request, (outcome) => run.shown.push(outcome), run.options);
    expect(run.last()).toEqual({ kind: 'error', url: request.url, message: 'Failed to fetch' });
  });
});

describe('send', () => {
  test('a request the document does not allow is refused before anything is sent', async () => {
    const run = harness(() => new Response(''));
    const refused = attempt();
    await send(
      { ...refused, state: { ...refused.state, inputs: { limit: '100000' } } },
      (outcome) => run.shown.push(outcome),
      run.options,
    );
    expect(run.sent).toEqual([]);
    expect(run.shown).toHaveLength(1);
    expect(run.last()?.kind).toBe('invalid');
  });

  test('a request within the limits is sent with the typed credential', async () => {
    const run = harness(() => new Response('[]', { headers: { 'content-type': 'application/json' } }));
    await send(attempt(), (outcome) => run.shown.push(outcome), run.options);
    expect(run.sent).toHaveLength(1);
    expect(JSON.stringify(run.sent[0].headers)).toContain('key-1');
    expect(run.last()).toMatchObject({ kind: 'response', status: 200, body: '[]' });
  });
});

describe('sentCredentials', () => {
  const scheme = rooms.security[0];
  const token = (overrides: Partial<SignedIn> = {}): SignedIn => ({
    accessToken: 'old',
    refreshToken: 'refresh-1',
    scope: '',
    serverUrl: mock,
    clientId: 'client',
    remember: false,
    ...overrides,
  });
  afterEach(() => writeToken(rooms.api, scheme.name, undefined));

  test('what was typed, when no sign-in got a token', async () => {
    expect(await sentCredentials(attempt(rooms, ['typed']))).toEqual(['typed']);
  });

  test('a token got for another server is not sent: the typed credential is', async () => {
    writeToken(rooms.api, scheme.name, token({ serverUrl: 'https://chat.example' }));
    expect(await sentCredentials(attempt(rooms, ['typed']))).toEqual(['typed']);
  });

  test("a signed-in scheme's token stands in for what was typed while it is fresh", async () => {
    writeToken(rooms.api, scheme.name, token({ expiresAt: Date.now() + 60_000 }));
    const refresh = () => Promise.reject(new Error('not called'));
    expect(await sentCredentials(attempt(rooms, ['typed']), refresh)).toEqual(['old']);
  });

  test('an expired token is refreshed first, and the fresh one kept', async () => {
    writeToken(rooms.api, scheme.name, token({ expiresAt: Date.now() - 1 }));
    const refresh = (_flow: unknown, old: SignedIn) => Promise.resolve({ ...old, accessToken: 'fresh' });
    expect(await sentCredentials(attempt(rooms, ['typed']), refresh)).toEqual(['fresh']);
    expect(readToken(rooms.api, scheme.name)?.accessToken).toBe('fresh');
  });

  test('a refresh that fails forgets the token, and the call is not sent', async () => {
    writeToken(rooms.api, scheme.name, token({ expiresAt: Date.now() - 1 }));
    const run = harness(() => new Response(''));
    await send(attempt(rooms, ['typed']), (outcome) => run.shown.push(outcome), {
      ...run.options,
      refresh: () => Promise.reject(new Error('Sign in again.')),
    });
    expect(run.sent).toEqual([]);
    expect(run.shown).toEqual([{ kind: 'error', url: mock, message: 'Sign in again.' }]);
    expect(readToken(rooms.api, scheme.name)).toBeUndefined();
  });
});
