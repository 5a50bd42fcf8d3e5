import { expect, test } from 'vitest';
import { normalizedRoutePath, tableIndex } from './tableIndex';

test('a path and its trailing-slash form go to the same table, always within range', () => {
  expect(normalizedRoutePath('/docs/data-api/get-games/')).toBe('/docs/data-api/get-games');
  expect(normalizedRoutePath('/')).toBe('/');
  for (const tables of [1, 2, 7, 40]) {
    const index = tableIndex('/docs/data-api/get-games', tables);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(tables);
    expect(tableIndex('/docs/data-api/get-games/', tables)).toBe(index);
  }
});

test('paths spread over the tables (no table holds more than twice its share of 1,000 paths)', () => {
  const counts = new Array<number>(16).fill(0);
  for (let page = 0; page < 1000; page += 1) counts[tableIndex(`/docs/data-api/get-thing-k${page}`, 16)] += 1;
  expect(Math.max(...counts)).toBeLessThan((2 * 1000) / 16);
  expect(Math.min(...counts)).toBeGreaterThan(0);
});
