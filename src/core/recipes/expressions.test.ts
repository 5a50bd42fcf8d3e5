import { describe, expect, test } from 'vitest';
import { evaluateCondition, evaluateCriterion, regexInputLimit } from './conditions';
import {
  evaluateExpression,
  evaluateValue,
  ExpressionError,
  pointerValue,
  type ExpressionContext,
} from './expressions';

/** One step's context, as the runner builds it after a page of a player's history came back. */
const context: ExpressionContext = {
  url: 'https://open.example.test/players/p-1/history?offset=20&limit=20',
  method: 'GET',
  statusCode: 200,
  request: {
    headers: { authorization: 'Bearer key', 'x-trace#id': 't-1' },
    query: { offset: 20, limit: '20', constructor: undefined },
    path: { player_id: 'p-1' },
    body: { body: 'GG', tags: ['a', 'b'] },
  },
  response: {
    headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '9' },
    body: {
      items: [{ match_id: 'm-1', 'a/b': 1, 'c~d': 2 }],
      end: 40,
      start: 20,
      is_last_page: false,
      name: 'Kestrel',
    },
  },
  inputs: { nickname: 'Kestrel', payload: { match_id: 'm-9' }, 'dotted.name': 'whole', limit: 20 },
  steps: { findPlayer: { outputs: { playerId: 'p-1', 'page.size': 20, members: [{ user_id: 'u-1' }] } } },
  workflows: { historyPages: { inputs: { offset: 0 }, outputs: { matches: [{ match_id: 'm-1' }] } } },
  outputs: { nextOffset: 40 },
};

describe('runtime expressions (Arazzo 1.0.1 ABNF)', () => {
  test.each([
    ['$url', 'https://open.example.test/players/p-1/history?offset=20&limit=20'],
    ['$method', 'GET'],
    ['$statusCode', 200],
    ['$request.header.Authorization', 'Bearer key'],
    ['$request.header.x-trace#id', 't-1'],
    ['$request.query.offset', 20],
    ['$request.query.constructor', undefined],
    ['$request.query.toString', undefined],
    ['$request.path.player_id', 'p-1'],
    ['$request.body', { body: 'GG', tags: ['a', 'b'] }],
    ['$request.body#/tags/1', 'b'],
    ['$response.header.Content-Type', 'application/json'],
    ['$response.header.X-RateLimit-Remaining', '9'],
    ['$response.body#/end', 40],
    ['$response.body#/items/0/match_id', 'm-1'],
    ['$response.body#/items/0/a~1b', 1],
    ['$response.body#/items/0/c~0d', 2],
    ['$response.body#/items/1/match_id', undefined],
    ['$response.body#/items/x', undefined],
    ['$response.body#/missing/deeper', undefined],
    ['$inputs.nickname', 'Kestrel'],
    ['$inputs.payload.match_id', 'm-9'],
    ['$inputs.payload#/match_id', 'm-9'],
    ['$inputs.dotted.name', 'whole'],
    ['$inputs.absent', undefined],
    ['$steps.findPlayer.outputs.playerId', 'p-1'],
    ['$steps.findPlayer.outputs.page.size', 20],
    ['$steps.findPlayer.outputs.members#/0/user_id', 'u-1'],
    ['$steps.other.outputs.playerId', undefined],
    ['$workflows.historyPages.outputs.matches', [{ match_id: 'm-1' }]],
    ['$workflows.historyPages.outputs.matches#/0/match_id', 'm-1'],
    ['$workflows.historyPages.inputs.offset', 0],
    ['$outputs.nextOffset', 40],
  ])('%s', (expression, expected) => {
    expect(evaluateExpression(expression, context)).toEqual(expected);
  });

  test.each([
    '$steps.findPlayer.playerId',
    '$workflows.historyPages',
    '$sourceDescriptions.data.url',
    '$components.parameters.limit',
    '$nothing',
    '$response.body#items',
  ])('%s is refused with a reason', (expression) => {
    expect(() => evaluateExpression(expression, context)).toThrow(ExpressionError);
  });

  test('a JSON pointer reads into lists and objects and nothing inherited', () => {
    expect(pointerValue({ a: [{ b: 1 }] }, '/a/0/b')).toBe(1);
    expect(pointerValue({ a: [1] }, '/a/01')).toBeUndefined();
    expect(pointerValue({}, '/constructor')).toBeUndefined();
    expect(pointerValue(5, '')).toBe(5);
  });
});

describe('values with expressions inside', () => {
  test.each<[unknown, unknown]>([
    ['$inputs.limit', 20],
    ['$inputs.payload', { match_id: 'm-9' }],
    ['plain text', 'plain text'],
    ['Player {$inputs.nickname} has {$response.body#/end} matches', 'Player Kestrel has 40 matches'],
    ['{$inputs.payload}', '{"match_id":"m-9"}'],
    ['[{$inputs.absent}]', '[]'],
    [
      { body: '$inputs.nickname', n: 3, list: ['$statusCode', null] },
      { body: 'Kestrel', n: 3, list: [200, null] },
    ],
    [true, true],
    [null, null],
  ])('%j', (value, expected) => {
    expect(evaluateValue(value as never, context)).toEqual(expected);
  });
});

describe('simple conditions', () => {
  test.each<[string, boolean]>([
    ['$statusCode == 200', true],
    ['$statusCode != 200', false],
    ['$statusCode >= 200 && $statusCode < 300', true],
    ['$statusCode == 404 || $statusCode == 200', true],
    ['!($statusCode == 200)', false],
    ['!$response.body#/is_last_page', true],
    ['$response.body#/end <= $request.query.offset', false],
    ['$response.body#/end > $request.query.offset', true],
    // A query value as text compares as the number it holds.
    ['$request.query.limit == 20', true],
    ['$request.query.limit < 3', false],
    ["$response.body#/name == 'Kestrel'", true],
    ["$response.body#/name == 'kestrel'", false],
    ["'it''s' == 'it\\'s'", true],
    ["$response.body#/name < 'L'", true],
    ['$response.body#/missing == null', true],
    ['$response.body#/missing > 0', false],
    ['$response.body#/missing < 0', false],
    ['$response.body#/is_last_page == false', true],
    ['$response.body#/items/0/match_id', true],
    ['(($statusCode == 200) && ($response.body#/end == 40)) || false', true],
    ['$response.body#/end == 40.0', true],
    ['$response.body#/end > -1e2', true],
    ['true && !false', true],
    ["$response.header.X-RateLimit-Remaining == '9'", true],
    ['$response.header.X-RateLimit-Remaining == 9', true],
    ['$statusCode == 200 && $response.body#/end == 40 || $statusCode == 500', true],
    ['$statusCode == 500 || $statusCode == 200 && $response.body#/end == 41', false],
  ])('%s is %s', (condition, expected) => {
    expect(evaluateCondition(condition, context)).toBe(expected);
  });

  test.each([
    '$statusCode ==',
    '($statusCode == 200',
    "$response.body#/name == 'open",
    '$statusCode == 200 )',
    '$statusCode = 200',
    'constructor == 1',
    '$statusCode == 200; alert(1)',
  ])('%s is refused, never evaluated as code', (condition) => {
    expect(() => evaluateCondition(condition, context)).toThrow(ExpressionError);
  });
});

describe('criteria', () => {
  test('simple is the default type, and a failed one says which', () => {
    expect(evaluateCriterion({ condition: '$statusCode == 200' }, context)).toEqual({ met: true });
    expect(evaluateCriterion({ condition: '$statusCode == 201', type: 'simple' }, context)).toEqual({
      met: false,
      reason: '$statusCode == 201 does not hold',
    });
  });

  test('regex criteria match the context with the recipe’s pattern', () => {
    expect(evaluateCriterion({ condition: '^2\\d\\d$', type: 'regex', context: '$statusCode' }, context)).toEqual({
      met: true,
    });
    expect(evaluateCriterion({ condition: '^Kes', type: 'regex', context: '$response.body#/name' }, context)).toEqual({
      met: true,
    });
    expect(evaluateCriterion({ condition: '^4', type: 'regex', context: '$statusCode' }, context).met).toBe(false);
  });

  test('a regex criterion reads at most regexInputLimit characters', () => {
    const long = { ...context, response: { headers: {}, body: 'a'.repeat(regexInputLimit + 1) } };
    const result = evaluateCriterion({ condition: 'a', type: 'regex', context: '$response.body' }, long);
    expect(result.met).toBe(false);
    expect(result.reason).toContain(`over ${regexInputLimit} characters`);
  });

  test('a regex criterion without a context, and other types, are not met, with why', () => {
    expect(evaluateCriterion({ condition: 'a', type: 'regex' }, context)).toEqual({
      met: false,
      reason: 'a regex criterion names no context',
    });
    expect(
      evaluateCriterion(
        { condition: '$[?(@.end > 0)]', type: { type: 'jsonpath', version: 'draft-goessner-dispatch-jsonpath-00' } },
        context,
      ),
    ).toEqual({ met: false, reason: 'jsonpath criteria are not run by this runner' });
  });

  test('an unreadable condition is a failed criterion with the reason, not a thrown error', () => {
    const result = evaluateCriterion({ condition: '$statusCode ===' }, context);
    expect(result.met).toBe(false);
    expect(result.reason).toMatch(/\$statusCode ===/);
  });
});
