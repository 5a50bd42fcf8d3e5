import { expect, test } from 'vitest';
import { realPassed, realTable, type RealRow } from './realTable';

const row = (overrides: Partial<RealRow> = {}): RealRow => ({
  slug: 'doqs',
  shape: 'multipart',
  calls: 12,
  schemas: 30,
  missing: [],
  withoutSample: [],
  visited: 20,
  errors: [],
  ...overrides,
});
const build = { wall: 120.4, cpu: 200, rss: 3e9, pages: 500, bytes: 42_000_000 };

test('a clean selection passes, with its totals in the first line and a row per document', () => {
  const table = realTable([row(), row({ slug: 'github', calls: 1000 })], build);
  expect(realPassed([row()])).toBe(true);
  expect(table).toContain('2 real documents (1012 calls): 500 pages, 42.0 MB, 120 s wall, 200 s CPU, peak RSS 3.00 GB');
  expect(table).toContain('| doqs | multipart | 12 | 30 | 0 | 0 | 20 | 0 |');
  expect(table).toMatch(/without an error\.$/);
});

test('a missing page, a page without a sample or a console error fails, the first three named', () => {
  for (const failing of [
    row({ missing: ['POST /a'] }),
    row({ withoutSample: ['GET /b'] }),
    row({ errors: ['/docs/x: boom'] }),
  ]) {
    expect(realPassed([row(), failing])).toBe(false);
  }
  const table = realTable([row({ errors: ['a', 'b', 'c', 'd'] })], build);
  expect(table).toContain('| 4: a; b; c; … |');
  expect(table).toMatch(/FAILED/);
});
