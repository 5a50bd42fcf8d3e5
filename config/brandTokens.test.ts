import { describe, expect, test } from 'vitest';
import { applyBrandTokens, brandFrontMatter } from './brandTokens';

const brand = { name: 'Arena', slug: 'arena' };

describe('applyBrandTokens', () => {
  test.each([
    ['/Guides/build-{product}-apps', '/Guides/build-arena-apps'],
    ['Retrieving {Product} data', 'Retrieving Arena data'],
    ['{product}_url and {product}_elo', 'arena_url and arena_elo'],
    ['no tokens here', 'no tokens here'],
  ])('turns %j into %j', (input, expected) => {
    expect(applyBrandTokens(input, brand)).toBe(expected);
  });
});

describe('brandFrontMatter', () => {
  test('replaces tokens in nested strings and keeps other values', () => {
    const input = {
      slug: '/Guides/retreiving-{product}-data',
      title: '{Product} data',
      sidebar_position: 3,
      keywords: ['{product}_url'],
      nested: { hide: true, label: '{Product}' },
    };
    expect(brandFrontMatter(input, brand)).toEqual({
      slug: '/Guides/retreiving-arena-data',
      title: 'Arena data',
      sidebar_position: 3,
      keywords: ['arena_url'],
      nested: { hide: true, label: 'Arena' },
    });
  });
});
