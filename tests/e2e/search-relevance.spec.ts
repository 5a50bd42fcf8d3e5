import { expect, gotoHydrated, test } from './support/fixtures';
import { SearchBox } from './support/pages';
import { relevanceFigures, relevanceSet } from '../../tools/lib/relevance';

/**
 * The relevance set (tests/relevance/search.yaml) through the navbar's search, as a reader types it: mean reciprocal
 * rank and the share of queries answered in the top 3 must reach the set's targets. `npm run bench` reports the same.
 */
test('the relevance set finds its answers first', async ({ page }, testInfo) => {
  const set = relevanceSet();
  await gotoHydrated(page, '/');
  const box = new SearchBox(page);
  const results = new Map<string, string[]>();
  for (const { query } of set.queries) results.set(query, await box.resultUrls(query));
  const figures = relevanceFigures(set, results);
  const misses = figures.rows
    .filter((row) => row.rank !== 1)
    .map((row) => `${row.rank || '-'}  ${row.query}  →  ${row.first.join(' | ')}`);
  await testInfo.attach('relevance', {
    body: `MRR ${figures.mrr.toFixed(3)}, top-3 ${figures.top3.toFixed(3)} over ${figures.rows.length} queries\n${misses.join('\n')}`,
    contentType: 'text/plain',
  });
  expect(figures.mrr, misses.join('\n')).toBeGreaterThanOrEqual(set.targets.mrr);
  expect(figures.top3, misses.join('\n')).toBeGreaterThanOrEqual(set.targets.top3);
});
