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
