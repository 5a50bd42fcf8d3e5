import { expect, test } from 'vitest';
import { arrowTarget } from './tabs';

test.each([
  ['ArrowRight', 0, 3, 1],
  ['ArrowRight', 2, 3, 0],
  ['ArrowLeft', 0, 3, 2],
  ['ArrowLeft', 1, 3, 0],
  ['Tab', 1, 3, undefined],
  ['Enter', 0, 3, undefined],
  ['ArrowRight', 0, 0, undefined],
])('%s from tab %i of %i goes to %s', (key, index, count, target) => {
  expect(arrowTarget(key, index, count)).toBe(target);
});
