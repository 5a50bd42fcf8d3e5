import { expect, test } from 'vitest';
import { wordBreaks } from './wordBreaks';

test('a camel-case identifier breaks before each of its words', () => {
  expect(wordBreaks('ChampionshipSubscriptionsList')).toEqual(['Championship', 'Subscriptions', 'List']);
  expect(wordBreaks('listChampionships')).toEqual(['list', 'Championships']);
});

test('an acronym stays whole and breaks before the word after it', () => {
  expect(wordBreaks('getHTTPResponse')).toEqual(['get', 'HTTP', 'Response']);
  expect(wordBreaks('HMAC')).toEqual(['HMAC']);
  expect(wordBreaks('Player2Stats')).toEqual(['Player2', 'Stats']);
});

test('snake case, dotted and slashed names break after their separators', () => {
  expect(wordBreaks('user_ban_list')).toEqual(['user_', 'ban_', 'list']);
  expect(wordBreaks('repos/list-for-org')).toEqual(['repos/', 'list-for-org']);
  expect(wordBreaks('v1.Match')).toEqual(['v1.', 'Match']);
});

test('ordinary words and sentences stay whole', () => {
  expect(wordBreaks('Webhooks')).toEqual(['Webhooks']);
  expect(wordBreaks('List championships of a game')).toEqual(['List championships of a game']);
  expect(wordBreaks('Émile Zoé')).toEqual(['Émile Zoé']);
  expect(wordBreaks('')).toEqual([]);
});

test('the pieces join back into the text', () => {
  for (const text of ['ChampionshipSubscriptionsList', 'getHTTPResponse', 'a_b.c/d', 'XMLHttpRequest', 'A', 'aB'])
    expect(wordBreaks(text).join('')).toBe(text);
});
