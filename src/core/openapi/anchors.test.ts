import { expect, test } from 'vitest';
import { anchorId, hashIsBelow, idPart } from './anchors';

test.each([
  [['parameter', 'limit'], 'parameter-limit'],
  [['response', '200', 'items', 'arena_elo'], 'response-200-items-arena_elo'],
  [['get-player', 'parameter', 'player_id'], 'get-player-parameter-player_id'],
  [['response', 'default', '{key}'], 'response-default-key'],
  [['body', undefined, 'name'], 'body-name'],
])('anchorId(%j) is %s', (parts, id) => {
  expect(anchorId(...parts)).toBe(id);
});

test('a part with nothing usable still gives a part, so ids never collapse into their parent', () => {
  expect(idPart('"<>"')).toBe('x');
});

test('a hash opens the fields above its target, and only those', () => {
  expect(hashIsBelow('#response-200-items-name', 'response-200-items')).toBe(true);
  expect(hashIsBelow('#response-200-items', 'response-200-items')).toBe(false);
  expect(hashIsBelow('#response-200-itemsx-name', 'response-200-items')).toBe(false);
  expect(hashIsBelow('', 'response-200')).toBe(false);
});
