import { describe, expect, test } from 'vitest';
import { median, ratio, table } from './stats';

describe('median', () => {
  test.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[7], 7],
  ])('of %j is %d', (values, expected) => expect(median(values)).toBe(expected));

  test('of nothing is not a number', () => expect(median([])).toBeNaN());
});

test('a ratio is the subject over its anchor', () => {
  expect(ratio({ value: 10, anchor: 40 })).toBe(0.25);
  expect(ratio({ value: 1, anchor: 0 })).toBeNaN();
});

test('the table shows each figure with its anchor and ratio', () => {
  const text = table([
    { name: 'cold build', value: 9.5, anchorName: 'webpack', anchor: 45, unit: 's', runs: 3 },
    { name: 'guide JS', value: 680 * 1024, anchorName: 'vanilla', anchor: 470 * 1024, unit: 'B', runs: 1 },
  ]);
  expect(text.split('\n')).toHaveLength(4);
  expect(text).toContain('cold build');
  expect(text).toMatch(/9\.5 s\s+webpack: 45\.0 s\s+0\.21x\s+3/);
  expect(text).toMatch(/680 KB\s+vanilla: 470 KB\s+1\.45x/);
});
