import { describe, expect, test } from 'vitest';
import { getOperation } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { securityDocument } from '../../../tests/fixtures/securityDocument';
import { buildRequest, sampleBody, sampleValues } from '../../core/openapi/request';
import { operationView, operationViews } from '../../core/openapi/view';
import { initialInputs, prepareRequest, securityChoices, type ExplorerState } from './prepare';

const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');
const games = operationView(data, 'data-v4', getOperation(data, '/games'));
const history = operationView(data, 'data-v4', getOperation(data, '/players/{player_id}/history'));
const post = operationView(chat, 'chat-v1', getOperation(chat, '/rooms/{room_id}/messages', 'post'));
const mock = 'http://127.0.0.1:4010';
const base: ExplorerState = {
  serverUrl: mock,
  servers: [{ url: mock, trusted: true }],
  credential: 'key-1',
  inputs: {},
  contentType: '',
  bodyText: '',
};
const maximum = (view: typeof games, name: string) => view.parameters.find((p) => p.name === name)?.maximum ?? 0;

describe('a server with variables', () => {
  const production = {
    url: 'https://open.arena.example/data/v4',
    template: 'https://{host}/{version}',
    trusted: true,
    variables: [
      { name: 'host', default: 'open.arena.example', description: '' },
      { name: 'version', default: 'data/v4', enum: ['data/v4', 'data/v4-preview'], description: '' },
    ],
  };
  const state = { ...base, serverUrl: production.url, servers: [...base.servers, production] };
  const prepared = (variables: Record<string, string>) => prepareRequest(games, { ...state, variables });
  const problems = (variables: Record<string, string>) => {
    const result = prepared(variables);
    return result.kind === 'invalid' ? result.problems : [];
  };

  test("is called with the reader's values, the defaults where none is given", () => {
    const result = prepared({ version: 'data/v4-preview' });
    expect(result.kind === 'ready' && result.request.url).toMatch(
      /^https:\/\/open\.arena\.example\/data\/v4-preview\/games/,
    );
    const defaults = prepared({});
    expect(defaults.kind === 'ready' && defaults.request.url).toMatch(
      /^https:\/\/open\.arena\.example\/data\/v4\/games/,
    );
  });

  test('refuses a value the document does not list, an empty one, and a URL the gate refuses', () => {
    expect(problems({ version: 'v5' })).toEqual([
      { field: 'server-variable-version', message: 'version must be one of data/v4, data/v4-preview' },
    ]);
    expect(problems({ host: '' })).toEqual([{ field: 'server-variable-host', message: 'host is empty' }]);
    expect(problems({ host: 'open.arena.example/$(id)' })[0].message).toMatch(
      /^With these server values the URL cannot be used: it holds characters outside a plain URL/,
    );
  });

  test("refuses a host off the API's, typed or picked, so a variable cannot take the credential elsewhere", () => {
    expect(problems({ host: 'collector.example' })).toEqual([
      {
        field: 'server',
        message:
          "With these server values the request would go to collector.example, which is not one of this API's own " +
          'hosts, so the explorer sends nothing there.',
      },
    ]);
    expect(problems({ host: 'open.arena.example:8443' })[0].message).toMatch(/would go to open\.arena\.example:8443/);
  });
});

describe('prepareRequest', () => {
  test("refuses a server the document names that is not one of the API's hosts, saying why", () => {
    const elsewhere = 'https://collector.example/v4';
    const prepared = prepareRequest(games, {
      ...base,
      serverUrl: elsewhere,
      servers: [...base.servers, { url: elsewhere, trusted: false }],
    });
    expect(prepared.kind).toBe('invalid');
    const problems = prepared.kind === 'invalid' ? prepared.problems : [];
    expect(problems.map((problem) => problem.field)).toEqual(['server']);
    expect(problems[0].message).toMatch(
      /^collector\.example is named by the document but is not one of this API's own hosts/,
    );
  });

  test('refuses a server the page does not list', () => {
    expect(prepareRequest(games, { ...base, serverUrl: 'https://other.example' })).toMatchObject({
      kind: 'invalid',
      problems: [{ field: 'server', message: 'choose one of the listed servers' }],
    });
  });

  test('builds the request from the inputs, with the credential as a bearer token', () => {
    const prepared = prepareRequest(games, { ...base, inputs: { limit: '5' } });
    expect(prepared).toEqual({
      kind: 'ready',
      request: {
        method: 'GET',
        url: `${mock}/games?limit=5`,
        headers: [
          ['Accept', 'application/json'],
          ['Authorization', 'Bearer key-1'],
        ],
      },
    });
  });

  test('refuses a limit over the maximum the document states, naming the field', () => {
    const over = String(maximum(games, 'limit') + 1);
    const prepared = prepareRequest(games, { ...base, inputs: { limit: over } });
    expect(prepared.kind).toBe('invalid');
    expect(prepared.kind === 'invalid' && prepared.problems.map((problem) => problem.field)).toEqual(['limit']);
  });

  test('refuses a server that is not listed, so the credential never goes elsewhere', () => {
    const prepared = prepareRequest(games, { ...base, serverUrl: 'https://evil.example' });
    expect(prepared).toEqual({
      kind: 'invalid',
      problems: [{ field: 'server', message: 'choose one of the listed servers' }],
    });
  });

  test('sends no Authorization header when no credential is typed', () => {
    const prepared = prepareRequest(games, { ...base, credential: '' });
    expect(prepared.kind === 'ready' && prepared.request.headers).toEqual([['Accept', 'application/json']]);
  });

  test('refuses a missing required path parameter, and a body that is not the content type it claims', () => {
    expect(prepareRequest(history, base).kind).toBe('invalid');
    const body = prepareRequest(post, {
      ...base,
      inputs: { room_id: 'r1' },
      contentType: 'application/json',
      bodyText: '{ not json',
    });
    expect(body.kind).toBe('invalid');
  });
});

describe('a value that would change the call is named, and nothing is sent', () => {
  test.each(['..', '.', '%2e%2e'])('player_id %j', (value) => {
    const prepared = prepareRequest(history, { ...base, inputs: { player_id: value, game: 'cs2' } });
    expect(prepared).toEqual({
      kind: 'invalid',
      problems: [
        {
          field: 'player_id',
          message: `player_id cannot be ${JSON.stringify(value)}: a path segment of . or .. would change which call is made`,
        },
      ],
    });
  });

  test('a credential pasted with a line break', () => {
    const prepared = prepareRequest(games, { ...base, credential: 'key-1\r\nX-Injected: 1' });
    expect(prepared.kind === 'invalid' && prepared.problems.map((problem) => problem.field)).toEqual(['credential']);
  });
});

test('initialInputs starts from the examples, so the first request is the one the samples show', () => {
  let compared = 0;
  for (const view of [...operationViews(data, 'data-v4'), ...operationViews(chat, 'chat-v1')]) {
    const prepared = prepareRequest(view, {
      ...base,
      inputs: initialInputs(view),
      contentType: 'application/json',
      bodyText: JSON.stringify(sampleBody(view)?.value ?? {}),
    });
    if (prepared.kind !== 'ready') continue;
    compared += 1;
    const sample = buildRequest(view, {
      serverUrl: mock,
      values: sampleValues(view),
      credential: 'key-1',
      body: sampleBody(view),
    });
    expect(prepared.request.url, view.operationId).toBe(sample.url);
  }
  expect(compared).toBeGreaterThan(60);
  expect(Object.keys(initialInputs(history)).sort()).toEqual(
    history.parameters
      .filter((p) => p.example !== undefined)
      .map((p) => p.name)
      .sort(),
  );
});

describe('what the explorer cannot send, it says', () => {
  const views = Object.fromEntries(operationViews(securityDocument, 'schemes').map((view) => [view.path, view]));
  const state = (path: string) => ({
    serverUrl: 'https://api.example.com',
    servers: [{ url: 'https://api.example.com', trusted: true }],
    credential: 'secret',
    inputs: initialInputs(views[path]),
    contentType: '',
    bodyText: '',
  });

  test.each([['/schemes/cookie', /in a cookie \(sessionid\), which a page cannot set/]])(
    '%s is refused with why',
    (path, message) => {
      const prepared = prepareRequest(views[path], state(path));
      expect(prepared.kind).toBe('invalid');
      expect(prepared.kind === 'invalid' && prepared.problems.map((problem) => problem.message).join(' ')).toMatch(
        message,
      );
    },
  );

  test('schemes combined in one requirement are each sent where the document puts them, from a field each', () => {
    const both = prepareRequest(views['/schemes/both'], { ...state('/schemes/both'), moreCredentials: ['second'] });
    expect(both.kind === 'ready' && both.request.headers).toContainEqual(['X-API-Key', 'secret']);
    expect(both.kind === 'ready' && new URL(both.request.url).searchParams.get('api_key')).toBe('second');
    // A second field left empty sends nothing for its scheme.
    const one = prepareRequest(views['/schemes/both'], { ...state('/schemes/both'), moreCredentials: [''] });
    expect(one.kind === 'ready' && new URL(one.request.url).searchParams.has('api_key')).toBe(false);
  });

  test('an API key in its own header is sent there, not as Authorization: Bearer', () => {
    const prepared = prepareRequest(views['/schemes/header'], state('/schemes/header'));
    expect(prepared.kind === 'ready' && prepared.request.headers).toEqual([
      ['Accept', 'application/json'],
      ['X-API-Key', 'secret'],
    ]);
  });
});

describe('a call that takes any one of several ways of authenticating', () => {
  const either = operationView(securityDocument, 'schemes', getOperation(securityDocument, '/schemes/either'));

  test('offers each, in the document order, named by its scheme and what it sends', () => {
    expect(securityChoices(either).map((choice) => choice.label)).toEqual([
      'KeyHeader (API key)',
      expect.stringMatching(/^Bearer \(/),
    ]);
    const optional = { ...either, securityOptional: true as const };
    expect(securityChoices(optional).at(-1)).toEqual({ label: 'No credential', schemes: [] });
    expect(securityChoices({ ...optional, security: [] })[0]).toEqual({ label: 'No credential', schemes: [] });
  });

  test('sends the credential where the picked way puts it, and nowhere else', () => {
    const state = {
      ...base,
      serverUrl: 'https://api.example.com',
      servers: [{ url: 'https://api.example.com', trusted: true }],
    };
    const send = (choice: number) => {
      const prepared = prepareRequest({ ...either, security: securityChoices(either)[choice].schemes }, state);
      return prepared.kind === 'ready' ? Object.fromEntries(prepared.request.headers) : {};
    };
    expect(send(0)).toMatchObject({ 'X-API-Key': base.credential });
    expect(send(0)).not.toHaveProperty('Authorization');
    expect(send(1)).toMatchObject({ Authorization: `Bearer ${base.credential}` });
    expect(send(1)).not.toHaveProperty('X-API-Key');
  });
});
