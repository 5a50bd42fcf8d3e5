import { expect, test } from 'vitest';
import { pathParts } from './pathParts';

test('a path is cut after each slash, and joins back to itself', () => {
  const path = '/players/{player_id}/bans';
  expect(pathParts(path)).toEqual(['/', 'players/', '{player_id}/', 'bans']);
  expect(pathParts(path).join('')).toBe(path);
});

test('a trailing slash, a root path and no slash at all', () => {
  expect(pathParts('/games/')).toEqual(['/', 'games/']);
  expect(pathParts('/')).toEqual(['/']);
  expect(pathParts('games')).toEqual(['games']);
  expect(pathParts('')).toEqual([]);
});
