import { expect, test } from 'vitest';
import { fillSidebar, pruneSidebars } from './sidebar';

const link = (href: string) => ({ type: 'link', href, label: href, docId: href.slice(1), unlisted: false });
const lazy = (label: string, hrefs: string[]) => ({
  type: 'category',
  label,
  collapsed: true,
  items: hrefs.map(link),
  customProps: { lazyItems: true },
});
const games = lazy('Games', ['/docs/data-api/get-games', '/docs/data-api/get-game']);
const teams = lazy('Teams', ['/docs/data-api/get-team', '/docs/data-api/schemas/team']);
const sidebar = [
  link('/docs/'),
  {
    type: 'category',
    label: 'Data API',
    collapsed: false,
    items: [
      link('/docs/data-api/data'),
      lazy('Games', ['/docs/data-api/get-games', '/docs/data-api/get-game']),
      lazy('Teams', ['/docs/data-api/get-team', '/docs/data-api/schemas/team']),
    ],
  },
];
const keyOf = (items: readonly { href?: string }[]) => `sidebar/${items[0].href ?? ''}.json`;
const module = JSON.stringify({ version: { pluginId: 'default', docsSidebars: { apiSidebar: sidebar }, docs: {} } });

test('a lazy category keeps its first item (it renders collapsed as on the server) and its key; the rest moves out', () => {
  const pruned = pruneSidebars(module, keyOf);
  const data = JSON.parse(pruned.text) as { version: { docsSidebars: { apiSidebar: typeof sidebar } } };
  const api = data.version.docsSidebars.apiSidebar[1] as { items: { items: unknown[]; customProps: unknown }[] };
  // The first item without what only the current page's category is read for (docId, unlisted).
  expect(api.items[1]).toMatchObject({
    items: [{ type: 'link', href: '/docs/data-api/get-games', label: '/docs/data-api/get-games' }],
    customProps: { lazyCategory: 'sidebar//docs/data-api/get-games.json' },
  });
  expect(api.items[2].customProps).toMatchObject({ lazyCategory: 'sidebar//docs/data-api/get-team.json' });
  expect([...pruned.categories.values()]).toEqual([games.items, teams.items]);
  expect(pruned.categoryOfPath.get('/docs/data-api/schemas/team')).toBe('sidebar//docs/data-api/get-team.json');
  expect(pruned.categoryOfPath.has('/docs/data-api/data')).toBe(false);
  expect(api.items[1].items[0]).not.toHaveProperty('docId');
  expect(pruned.text.length).toBeLessThan(module.length);
});

test('filled again from what has loaded, the sidebar is the original; nothing loaded, it is the same object', () => {
  const pruned = pruneSidebars(module, keyOf);
  const prunedSidebar = (JSON.parse(pruned.text) as { version: { docsSidebars: { apiSidebar: typeof sidebar } } })
    .version.docsSidebars.apiSidebar;
  expect(fillSidebar(prunedSidebar, () => undefined)).toBe(prunedSidebar);
  const filled = fillSidebar(prunedSidebar, (key) => pruned.categories.get(key) as typeof sidebar);
  const strip = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value, (key, item: unknown) => (['lazyCategory', 'lazyItems'].includes(key) ? undefined : item)),
    ) as unknown;
  expect(strip(filled)).toEqual(strip(sidebar));
});

test('a module without sidebars, or without lazy categories, is served as it was', () => {
  expect(pruneSidebars('{"tags":[]}', keyOf).text).toBe('{"tags":[]}');
  const plain = JSON.stringify({ version: { docsSidebars: { s: [link('/a')] } } });
  expect(pruneSidebars(plain, keyOf).text).toBe(plain);
});

test("a lazy category of Docusaurus's usual shape is a tuple in the module, and the same object once expanded", () => {
  const usual = (label: string, hrefs: string[], className?: string) => ({
    ...lazy(label, hrefs),
    collapsible: true,
    items: hrefs.map((href) => ({ ...link(href), ...(className ? { className } : {}) })),
  });
  const withBadge = usual('Games', ['/docs/data-api/get-games', '/docs/data-api/get-game'], 'api-method--get');
  const plain = usual('Teams', ['/docs/data-api/get-team', '/docs/data-api/schemas/team']);
  // A field the tuple has no place for keeps the category an object.
  const styled = { ...usual('Leagues', ['/docs/leagues/get-leagues', '/docs/data-api/get-league']), className: 'x' };
  const text = JSON.stringify({ version: { docsSidebars: { apiSidebar: [withBadge, styled, plain] } } });
  const pruned = pruneSidebars(text, keyOf);
  const items = (JSON.parse(pruned.text) as { version: { docsSidebars: { apiSidebar: unknown[] } } }).version
    .docsSidebars.apiSidebar;
  // The first link whole, without its class; the next one by what it shares with it (the object between is skipped).
  expect(items[0]).toEqual([
    'Games',
    'sidebar//docs/data-api/get-games.json',
    0,
    '/docs/data-api/get-games',
    '/docs/data-api/get-games',
  ]);
  expect(Array.isArray(items[1])).toBe(false);
  expect(items[2]).toEqual(['Teams', 'sidebar//docs/data-api/get-team.json', 19, 'team', '/docs/data-api/get-team']);
  const expanded = fillSidebar(items as typeof sidebar, () => undefined);
  expect(expanded[0]).toEqual({
    type: 'category',
    label: 'Games',
    collapsed: true,
    collapsible: true,
    items: [{ type: 'link', href: '/docs/data-api/get-games', label: '/docs/data-api/get-games' }],
    customProps: { lazyCategory: 'sidebar//docs/data-api/get-games.json' },
  });
  expect(expanded[2]).toMatchObject({ items: [{ href: '/docs/data-api/get-team' }] });
  expect(expanded[1]).toMatchObject({ items: [{ href: '/docs/leagues/get-leagues' }] });
  // Filled from the loaded items: each category as the generator wrote it, but for its lazy marker.
  const filled = fillSidebar(items as typeof sidebar, (key) => pruned.categories.get(key) as typeof sidebar);
  const strip = (item: object) => Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'customProps'));
  expect(filled.map(strip)).toEqual([withBadge, styled, plain].map(strip));
  expect(JSON.stringify(items).length).toBeLessThan(JSON.stringify([withBadge, styled, plain]).length / 2);
});

test('front-coded links decode in any list, nested ones included, whatever they share', () => {
  const usual = (label: string, href: string) => ({ ...lazy(label, [href, `${href}/2`]), collapsible: true });
  const hrefs = ['/docs/a/b', '/docs/a/b', '/docs/a/bc', '/docs/a', '/x', '/docs/a/b/ü'];
  const nested = {
    type: 'category',
    label: 'API',
    collapsed: false,
    items: hrefs.map((href, i) => usual(`${i}`, href)),
  };
  const text = JSON.stringify({ version: { docsSidebars: { s: [usual('top', '/docs/z'), nested] } } });
  const keyOfIndex = (items: readonly { href?: string; label?: string }[]) =>
    `${items[0].label ?? ''}:${items[0].href ?? ''}`;
  // Keyed by label too: two categories here share a first link.
  const pruned = pruneSidebars(text, keyOfIndex);
  const filled = fillSidebar(
    (JSON.parse(pruned.text) as { version: { docsSidebars: { s: typeof sidebar } } }).version.docsSidebars.s,
    () => undefined,
  ) as unknown as { items: { href: string; items: { href: string }[] }[] }[];
  expect(filled[0].items[0].href).toBe('/docs/z');
  expect(filled[1].items.map((category) => category.items[0].href)).toEqual(hrefs);
});

test('a shared part never ends inside a character outside the BMP: no lone surrogate in the module', () => {
  const usual = (label: string, href: string) => ({ ...lazy(label, [href, `${href}/2`]), collapsible: true });
  // U+1F600 and U+1F601 share their first UTF-16 unit.
  const hrefs = ['/docs/\u{1F600}', '/docs/\u{1F601}'];
  const text = JSON.stringify({ version: { docsSidebars: { s: hrefs.map((href, i) => usual(`${i}`, href)) } } });
  const pruned = pruneSidebars(text, (items) => `${items[0].label ?? ''}`);
  const items = (JSON.parse(pruned.text) as { version: { docsSidebars: { s: unknown[][] } } }).version.docsSidebars.s;
  expect(items[1].slice(2, 4)).toEqual([6, '\u{1F601}']);
  // JSON.stringify writes a lone surrogate as an escape.
  expect(pruned.text).not.toMatch(/\\u[dD][89abAB]/);
  const filled = fillSidebar(items as unknown as typeof sidebar, () => undefined) as unknown as {
    items: { href: string }[];
  }[];
  expect(filled.map((category) => category.items[0].href)).toEqual(hrefs);
});

test("a lazy category's own page is in it; a page in two lazy categories stops the bundle, naming it", () => {
  const withPage = { ...lazy('Games', ['/docs/data-api/get-games', '/docs/data-api/get-game']), href: '/docs/games' };
  const pruned = pruneSidebars(JSON.stringify({ version: { docsSidebars: { api: [withPage] } } }), keyOf);
  expect(pruned.categoryOfPath.get('/docs/games')).toBe(pruned.categoryOfPath.get('/docs/data-api/get-game'));
  const twice = [games, lazy('More games', ['/docs/other', '/docs/data-api/get-game'])];
  expect(() => pruneSidebars(JSON.stringify({ version: { docsSidebars: { api: twice } } }), keyOf)).toThrow(
    '[lazy-routes] /docs/data-api/get-game is in two sidebar categories that load their items apart',
  );
});
