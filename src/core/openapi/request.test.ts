import { describe, expect, test } from 'vitest';
import { getOperation, listOperations, pathProblem, type JsonObject } from './document';
import { buildRequest, formEncode, RequestValueError, sameOrigin, sampleValues } from './request';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationView, operationViews } from './view';

const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');
const serverUrl = 'https://open.arena.example/data/v4';

describe('buildRequest', () => {
  test('fills the path, encodes the query and sends the credential as a bearer token', () => {
    const view = operationView(data, 'data-v4', getOperation(data, '/championships/{championship_id}'));
    const request = buildRequest(view, {
      serverUrl: `${serverUrl}/`,
      values: { championship_id: 'a b/c', expanded: ['organizer', 'game'] },
      credential: 'key-1',
    });
    expect(request).toEqual({
      method: 'GET',
      url: `${serverUrl}/championships/a%20b%2Fc?expanded=organizer,game`,
      headers: [
        ['Accept', 'application/json'],
        ['Authorization', 'Bearer key-1'],
      ],
    });
  });

  test('leaves out empty values and sends no credential when there is none', () => {
    const view = operationView(data, 'data-v4', getOperation(data, '/games'));
    const request = buildRequest(view, { serverUrl, values: { offset: '', limit: 5 } });
    expect(request.url).toBe(`${serverUrl}/games?limit=5`);
    expect(request.headers).toEqual([['Accept', 'application/json']]);
  });

  test('sends a JSON or a form body with its content type', () => {
    const view = operationView(chat, 'chat-v1', getOperation(chat, '/rooms/{room_id}/messages', 'post'));
    const values = { room_id: 'r1' };
    const json = buildRequest(view, {
      serverUrl,
      values,
      body: { contentType: 'application/json', value: { body: 'hi' } },
    });
    expect(json.body).toBe('{\n  "body": "hi"\n}');
    expect(json.headers).toContainEqual(['Content-Type', 'application/json']);
    const form = buildRequest(view, {
      serverUrl,
      values,
      body: { contentType: 'application/x-www-form-urlencoded', value: { body: 'a & b' } },
    });
    expect(form.body).toBe('body=a+%26+b');
  });
});

test('formEncode ignores what is not an object', () => {
  expect(formEncode([1, 2])).toBe('');
  expect(formEncode({ a: 1, b: null })).toBe('a=1&b=');
});

test('sample values take the examples of the document and a placeholder for an unexampled path parameter', () => {
  const view = operationView(data, 'data-v4', getOperation(data, '/championships'));
  expect(sampleValues(view)).toMatchObject({ game: 'cs2' });
});

test('a multipart body is a form a server parses: text fields as typed, a binary field as a file of its text', async () => {
  const [view] = operationViews(
    {
      openapi: '3.0.3',
      info: { title: 'Uploads', version: '1' },
      paths: {
        '/files': {
          post: {
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: { 'a "title"': { type: 'string' }, file: { type: 'string', format: 'binary' } },
                  },
                },
              },
            },
            responses: { '201': { description: 'Created' } },
          },
        },
      },
    },
    'uploads',
  );
  const request = buildRequest(view, {
    serverUrl: 'http://127.0.0.1:1',
    values: {},
    body: { contentType: 'multipart/form-data', value: { 'a "title"': 'Kestrel & Co ü\r\n--', file: 'bytes' } },
  });
  const contentType = request.headers.find(([name]) => name === 'Content-Type')?.[1] ?? '';
  expect(contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
  const form = await new Response(request.body, { headers: { 'content-type': contentType } }).formData();
  expect(form.get('a "title"')).toBe('Kestrel & Co ü\r\n--');
  const file = form.get('file') as File;
  expect(file).toBeInstanceOf(File);
  expect(await file.text()).toBe('bytes');
});

describe('values that would change the call are refused by name (buildRequest, the samples, Try it)', () => {
  const history = operationView(data, 'data-v4', getOperation(data, '/players/{player_id}/history'));
  test.each(['.', '..', '%2e%2e', '%2E.', '%252e%252e'])('a path value of %j', (value) => {
    expect(() => buildRequest(history, { serverUrl, values: { player_id: value, game: 'cs2' } })).toThrow(
      new RequestValueError([
        {
          field: 'player_id',
          message: `player_id cannot be ${JSON.stringify(value)}: a path segment of . or .. would change which call is made`,
        },
      ]),
    );
  });

  test.each(['...', 'a..b', '.hidden', 'a/..'])('a path value of %j is only a value, encoded', (value) => {
    const request = buildRequest(history, { serverUrl, values: { player_id: value, game: 'cs2' } });
    expect(new URL(request.url).pathname).toBe(`/data/v4/players/${encodeURIComponent(value)}/history`);
  });

  test('a credential with a line break is refused, never written into a header', () => {
    expect(() =>
      buildRequest(history, { serverUrl, values: { player_id: 'p', game: 'cs2' }, credential: 'k\r\nX-Evil: 1' }),
    ).toThrow(/the credential holds a line break/);
  });

  const pathOf = (path: string) => ({ ...history, path, parameters: [] });
  test.each([
    ['.evil.example/x', 'https://open.arena.example'],
    ['1/x', 'http://127.0.0.1:4010'],
    ['@evil.example/x', 'https://open.arena.example'],
  ])('a document path without its slash (%j) is refused, whatever the server', (path, server) => {
    expect(() => buildRequest(pathOf(path), { serverUrl: server, values: {} })).toThrow(
      `the call's path ${path} does not begin with /: nothing is sent`,
    );
  });

  test('a document example that would change the call is not used by the samples', () => {
    const hostile = {
      ...history,
      parameters: history.parameters.map((parameter) =>
        parameter.name === 'player_id' ? { ...parameter, example: '..' } : parameter,
      ),
    };
    expect(sampleValues(hostile).player_id).toBe('VALUE');
  });
});

describe('pathProblem: the document step and the run-time views take only paths that begin with /', () => {
  test.each([
    ['/players', undefined],
    ['.evil.example/x', 'the path ".evil.example/x" does not begin with /'],
    ['1/x', 'the path "1/x" does not begin with /'],
  ])('%j', (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
  });

  test('listOperations skips a path without its slash', () => {
    const document = {
      openapi: '3.1.0',
      paths: { '/ok': { get: {} }, 'evil.example/x': { get: {} } },
    } as JsonObject;
    expect(listOperations(document).map((ref) => ref.path)).toEqual(['/ok']);
  });
});

test.each([
  ['/players', '', true],
  ['//evil.example/players', '', false],
  ['https://evil.example/players', '', false],
  ['https://open.arena.example/data/v4/players', 'https://open.arena.example/data/v4', true],
  ['https://open.arena.example.evil.example/x', 'https://open.arena.example', false],
  ['http://127.0.0.1:40101/x', 'http://127.0.0.1:4010', false],
])('sameOrigin(%j, %j) is %s', (url, server, same) => {
  expect(sameOrigin(url, server)).toBe(same);
});
