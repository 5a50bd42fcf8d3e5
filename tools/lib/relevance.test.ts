import { expect, test } from 'vitest';
import { rankOf, relevanceFigures, relevanceSet } from './relevance';

test.each([
  [['/a', '/docs/#errors'], '/docs/#errors', 2],
  [['/docs#errors'], '/docs/#errors', 1],
  [['/docs/#pagination'], '/docs/#errors', 0],
  [['/docs/x#y'], '/docs/x', 1],
  [['/b', '/c'], ['/z', '/c'], 2],
  [[], '/a', 0],
])('in %j the answer %j ranks %i', (results, expected, rank) => {
  expect(rankOf(results, expected)).toBe(rank);
});

test('MRR and top-3 come from each query’s rank', () => {
  const set = {
    targets: { mrr: 0.8, top3: 0.9 },
    queries: [
      { query: 'a', expect: '/a' },
      { query: 'b', expect: '/b' },
      { query: 'c', expect: '/c' },
      { query: 'd', expect: '/d' },
    ],
  };
  const figures = relevanceFigures(
    set,
    new Map([
      ['a', ['/a']],
      ['b', ['/x', '/b']],
      ['c', ['/x', '/y', '/z', '/c']],
      ['d', []],
    ]),
  );
  expect(figures.mrr).toBeCloseTo((1 + 1 / 2 + 1 / 4) / 4);
  expect(figures.top3).toBe(0.5);
});

test('the relevance set holds at least 30 queries, each with an answer', () => {
  const set = relevanceSet();
  expect(set.queries.length).toBeGreaterThanOrEqual(30);
  expect(new Set(set.queries.map((entry) => entry.query)).size).toBe(set.queries.length);
  for (const entry of set.queries) expect([entry.expect].flat().length, entry.query).toBeGreaterThan(0);
  expect([typeof set.targets.mrr, typeof set.targets.top3]).toEqual(['number', 'number']);
});
