import { expect, test } from 'vitest';
import { scrollToShow } from './activeLink';

test('a link below or above the visible part of its list is brought a third of the way down', () => {
  expect(scrollToShow({ top: 5000, bottom: 5030, height: 900, scrollTop: 0 })).toBe(4700);
  expect(scrollToShow({ top: 100, bottom: 130, height: 900, scrollTop: 3000 })).toBe(0);
  expect(scrollToShow({ top: 900, bottom: 930, height: 900, scrollTop: 0 })).toBe(600);
});

test('a link that shows, even in part, or a list with no height (a hidden sidebar), is left where it is', () => {
  expect(scrollToShow({ top: 880, bottom: 910, height: 900, scrollTop: 0 })).toBeUndefined();
  expect(scrollToShow({ top: 400, bottom: 430, height: 900, scrollTop: 0 })).toBeUndefined();
  expect(scrollToShow({ top: 3100, bottom: 3130, height: 900, scrollTop: 3000 })).toBeUndefined();
  expect(scrollToShow({ top: 5000, bottom: 5030, height: 0, scrollTop: 0 })).toBeUndefined();
});
