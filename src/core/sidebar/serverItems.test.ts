import { describe, expect, test } from 'vitest';
import { defaultSidebarServerItems, serverShownItems, sidebarServerItemsFrom } from './serverItems';

describe('serverShownItems', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f'];

  test('a list within the limit is rendered whole', () => {
    expect(serverShownItems(items, 6, () => false)).toEqual([true, true, true, true, true, true]);
  });

  test('past the limit, the first items and the one on the reader’s path', () => {
    expect(serverShownItems(items, 2, (item) => item === 'e')).toEqual([true, true, false, false, true, false]);
    expect(serverShownItems(items, 2, (item) => item === 'a')).toEqual([true, true, false, false, false, false]);
  });
});

test.each([
  [{}, defaultSidebarServerItems],
  [{ SIDEBAR_SERVER_ITEMS: '4' }, 4],
])('SIDEBAR_SERVER_ITEMS %j gives %i', (env, limit) => {
  expect(sidebarServerItemsFrom(env)).toBe(limit);
});

test('SIDEBAR_SERVER_ITEMS that is not a whole number above 0 is refused by name', () => {
  expect(() => sidebarServerItemsFrom({ SIDEBAR_SERVER_ITEMS: '0' })).toThrow(
    /SIDEBAR_SERVER_ITEMS must be a whole number of items above 0/,
  );
});
