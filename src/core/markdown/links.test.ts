import { expect, test } from 'vitest';
import { resolveHref, safeHref, type LinkTargets } from './links';

test('safeHref keeps http(s), mailto and site paths, normalised, and refuses every other target', () => {
  expect(
    ['/docs/', '#top', 'https://x.example', 'mailto:a@b.example', '/a b/<c>', 'https://x.example/"q"'].map(safeHref),
  ).toEqual([
    '/docs/',
    '#top',
    'https://x.example/',
    'mailto:a@b.example',
    '/a%20b/%3Cc%3E',
    'https://x.example/%22q%22',
  ]);
  expect(
    ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', '/\\evil.example', 'vbscript:x', '#', ' '].map(
      safeHref,
    ),
  ).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
});

const targets: LinkTargets = {
  operation: (id) => (id === 'getLicences' ? '/docs/x/get-licences' : undefined),
  tag: (name) => (name === 'Stickers' ? '/api/x#tag-stickers' : undefined),
  schema: (name) => (name === 'Sticker' ? '/docs/x/schemas/sticker' : undefined),
  siteOrigin: 'https://core.telegram.org',
};

test.each([
  ['#operation/getLicences', '/docs/x/get-licences'],
  ['#tag/Licences/operation/getLicences', '/docs/x/get-licences'],
  ['#tag/Stickers', '/api/x#tag-stickers'],
  ['#schema/Sticker', '/docs/x/schemas/sticker'],
  ['#/components/schemas/Sticker', '/docs/x/schemas/sticker'],
  ['/bots#privacy', 'https://core.telegram.org/bots#privacy'],
  ['bots/api', 'https://core.telegram.org/bots/api'],
  ['https://other.example/a', 'https://other.example/a'],
])('a description link to %s leads to %s', (href, expected) => {
  expect(resolveHref(href, targets)).toBe(expected);
});

test.each([
  ['#operation/missing'],
  ['#tag/Nothing'],
  ['#section/Authentication'],
  ['#some-heading'],
  ['//evil.example/x'],
  ['javascript:alert(1)'],
])('a description link to %s that names nothing the portal has leads nowhere', (href) => {
  expect(resolveHref(href, targets)).toBeUndefined();
});

test("without the provider's site, a site-relative link is a portal page, or nothing when the site is unknown", () => {
  expect(resolveHref('/getting-started/a', {})).toBe('/getting-started/a');
  expect(resolveHref('/bots#privacy', { siteOrigin: false })).toBeUndefined();
  expect(resolveHref('https://a.example/', { siteOrigin: false })).toBe('https://a.example/');
});
