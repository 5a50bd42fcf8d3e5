import { RE2JS } from 're2js';
import { describe, expect, test } from 'vitest';
import { re2Matcher } from './patterns';
import { getOperation } from './document';
import { validateBody, validateParameters } from './validateRequest';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationView, type ParameterView } from './view';

const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');
const championships = operationView(data, 'data-v4', getOperation(data, '/championships'));
const championship = operationView(data, 'data-v4', getOperation(data, '/championships/{championship_id}'));
const postMessage = operationView(chat, 'chat-v1', getOperation(chat, '/rooms/{room_id}/messages', 'post'));
const limit = championships.parameters.find((parameter) => parameter.name === 'limit');

describe('validateParameters', () => {
  test('accepts values within the limits and types them', () => {
    expect(validateParameters(championships.parameters, { game: 'cs2', limit: '5', offset: '0' })).toEqual({
      values: { game: 'cs2', limit: 5, offset: 0 },
      problems: [],
    });
  });

  test.each([
    [{ game: 'cs2', limit: String((limit?.maximum ?? 0) + 1) }, `limit must be at most ${limit?.maximum}`],
    [{ game: 'cs2', limit: '0' }, 'limit must be at least 1'],
    [{ game: 'cs2', offset: '-1' }, 'offset must be at least 0'],
    [{ game: 'cs2', limit: 'ten' }, 'limit must be a whole number, got "ten"'],
    [{ game: 'cs2', limit: '2.5' }, 'limit must be a whole number'],
    [{}, 'game is required'],
    [{ game: 'cs2', type: 'soon' }, 'type must be one of "all", "upcoming", "ongoing", "past", got "soon"'],
  ])('refuses %j: %s', (inputs, message) => {
    const { problems } = validateParameters(championships.parameters, inputs);
    expect(problems.map((problem) => problem.message).join('\n')).toContain(message);
  });

  test('reads a comma-separated list and refuses repeats and unknown values', () => {
    const ok = validateParameters(championship.parameters, { championship_id: 'c1', expanded: 'organizer, game' });
    expect(ok).toEqual({ values: { championship_id: 'c1', expanded: ['organizer', 'game'] }, problems: [] });
    const repeated = validateParameters(championship.parameters, { championship_id: 'c1', expanded: 'game,game' });
    expect(repeated.problems[0].message).toBe('expanded must not repeat a value');
    const unknown = validateParameters(championship.parameters, { championship_id: 'c1', expanded: 'team' });
    expect(unknown.problems[0].message).toBe('expanded: "team" is not one of "organizer", "game"');
  });

  test('a path parameter is required', () => {
    expect(validateParameters(championship.parameters, {}).problems).toEqual([
      { field: 'championship_id', message: 'championship_id is required' },
    ]);
  });
});

describe('validateBody', () => {
  const json = postMessage.requestBody?.contents[0];
  const maxLength = json?.schema?.children?.find((field) => field.name === 'body')?.maxLength ?? 0;

  test('accepts a message within its length limit', () => {
    expect(validateBody(json, JSON.stringify({ body: 'hello' }), true)).toEqual({
      value: { body: 'hello' },
      problems: [],
    });
  });

  test.each([
    ['', 'the request body is required'],
    ['{"body": ', 'the request body is not valid JSON'],
    ['[1]', 'the request body must be a JSON object'],
    ['{}', 'body.body is required'],
    ['{"body": 5}', 'body.body must be text'],
    [JSON.stringify({ body: 'x'.repeat(maxLength + 1) }), `body.body must be at most ${maxLength} characters long`],
  ])('refuses %j', (text, message) => {
    expect(
      validateBody(json, text, true)
        .problems.map((problem) => problem.message)
        .join('\n'),
    ).toContain(message);
  });
});

test('a form refuses a required part that would be sent empty, as JSON lets an empty value through', () => {
  const node = (name: string, required: boolean) => ({
    name,
    type: 'string',
    required,
    deprecated: false,
    nullable: false,
    description: '',
  });
  const schema = { ...node('', false), type: 'object', children: [node('sticker', true), node('caption', false)] };
  const form = { contentType: 'multipart/form-data', schema };
  const messages = (text: string, media = form) =>
    validateBody(media, text, true).problems.map((problem) => problem.message);
  expect(messages('{"sticker": {}}')).toEqual(['body.sticker is required and would be sent empty']);
  expect(messages('{"sticker": null, "caption": ""}')).toEqual(['body.sticker is required and would be sent empty']);
  expect(messages('{"sticker": "file text", "caption": ""}')).toEqual([]);
  expect(messages('{"sticker": {}}', { ...form, contentType: 'application/json' })).toEqual([
    'body.sticker must be text',
  ]);
});

describe("a document's pattern", () => {
  const matches = re2Matcher(RE2JS);
  const parameter = (pattern: string): ParameterView => ({
    ...(championships.parameters.find((candidate) => candidate.name === 'game') as ParameterView),
    pattern,
  });

  test('is checked when a matcher is given, and not while the reader types', () => {
    expect(validateParameters([parameter('^[a-z0-9]+$')], { game: 'CS 2' }, matches).problems).toEqual([
      { field: 'game', message: 'game must match the pattern ^[a-z0-9]+$' },
    ]);
    expect(validateParameters([parameter('^[a-z0-9]+$')], { game: 'cs2' }, matches).problems).toEqual([]);
    expect(validateParameters([parameter('^[a-z0-9]+$')], { game: 'CS 2' }).problems).toEqual([]);
  });

  test('with catastrophic backtracking is checked in linear time, by RE2', () => {
    // A backtracking engine would not finish this in the lifetime of the run.
    const { problems } = validateParameters([parameter('^(a+)+$')], { game: `${'a'.repeat(20_000)}!` }, matches);
    expect(problems).toHaveLength(1);
  });

  test('that RE2 cannot run (a lookahead) is skipped, not run and not thrown', () => {
    expect(validateParameters([parameter('^(?=a)a+$')], { game: 'b' }, matches).problems).toEqual([]);
  });
});
