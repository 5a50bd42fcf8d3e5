import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { hintsText, readPageCacheHints, sidebarHintsFile, sidebarsShape, type Json } from './sidebars';

/** A pruned docs metadata module: one lazy category as a tuple, one as an object, one ordinary category. */
function metadata({
  key = 'k1',
  firstLabel = 'List users',
  label = 'users',
  guide = 'Start',
  rest = 'list-users',
} = {}): string {
  return JSON.stringify({
    version: {
      version: 'current',
      docsSidebars: {
        api: [
          // The tuple's link is front-coded against the one before in its list: none, so whole.
          [label, key, 0, `/docs/x/${rest}`, firstLabel],
          {
            type: 'category',
            label: 'groups',
            collapsed: true,
            collapsible: true,
            items: [{ type: 'link', href: '/docs/x/list-groups', label: firstLabel, docId: 'x' }],
            customProps: { lazyCategory: key, other: 1 },
          },
          { type: 'category', label: 'Guides', items: [{ type: 'link', href: '/docs/start', label: guide }] },
        ],
      },
    },
  });
}

const link = (href: string, extra: Record<string, Json> = {}): Json => ({ type: 'link', href, label: href, ...extra });
/** The lazy categories' items by key, as the bundle step has them. */
function categories(k1: Json[], k2: Json[] = k1): (key: string) => Json[] | undefined {
  return (key) => ({ k1, k2 })[key];
}
const users = [link('/docs/x/list-users'), link('/docs/x/get-user'), link('/docs/x/list-groups')];

test("a category's key and first label, which only the browser reads, leave the shape as it was", () => {
  const shape = sidebarsShape(metadata(), categories(users));
  expect(sidebarsShape(metadata({ key: 'k2' }), categories(users))).toBe(shape);
  expect(sidebarsShape(metadata({ firstLabel: 'List users (changed)' }), categories(users))).toBe(shape);
  // A call added to a category, or one's label changed: what the server renders of it collapsed is the same.
  const more = [...users, link('/docs/x/delete-user')];
  expect(sidebarsShape(metadata({ key: 'k2' }), categories(more))).toBe(shape);
  const relabelled = [users[0]!, link('/docs/x/get-user', { label: 'Get one user' }), users[2]!];
  expect(sidebarsShape(metadata(), categories(relabelled))).toBe(shape);
});

test('what the server renders of a collapsed category, or any item of another, changes it', () => {
  const shape = sidebarsShape(metadata(), categories(users));
  expect(sidebarsShape(metadata({ label: 'people' }), categories(users))).not.toBe(shape);
  expect(sidebarsShape(metadata({ guide: 'Start here' }), categories(users))).not.toBe(shape);
  // The collapsed category's link (its first item's, while hydrating) from the tuple.
  expect(sidebarsShape(metadata({ rest: 'get-user' }), categories(users))).not.toBe(shape);
  expect(sidebarsShape(JSON.stringify({ other: 1 }), categories(users))).toMatch(/^[0-9a-f]{64}$/);
});

test("a category's items' visibility changes it: whether it shows, and where it links, are read from all of them", () => {
  const shape = sidebarsShape(metadata(), categories(users));
  const secondUnlisted = [users[0]!, link('/docs/x/get-user', { unlisted: true }), users[2]!];
  expect(sidebarsShape(metadata(), categories(secondUnlisted))).not.toBe(shape);
  // The first unlisted: the collapsed category links to the next listed item, which the pruned module does not hold.
  const firstUnlisted = (next: string) => [link('/docs/x/list-users', { unlisted: true }), link(next)];
  expect(sidebarsShape(metadata(), categories(firstUnlisted('/docs/x/a')))).not.toBe(
    sidebarsShape(metadata(), categories(firstUnlisted('/docs/x/b'))),
  );
  // All its links unlisted, an `html` item still shows it.
  const allUnlisted = users.map((item) => ({ ...(item as Record<string, Json>), unlisted: true }));
  expect(sidebarsShape(metadata(), categories(allUnlisted))).not.toBe(
    sidebarsShape(metadata(), categories([...allUnlisted, { type: 'html', value: '<hr>' }])),
  );
});

test('the hints read back; a missing or broken file gives none, a field of the wrong type is left out', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'sidebar-hints-'));
  const none = { sidebars: new Map(), tables: new Map(), categories: new Map() };
  try {
    expect(readPageCacheHints(folder)).toEqual(none);
    const hints = {
      sidebars: new Map([['assets/js/a.1.js', 's']]),
      tables: new Map([['assets/js/lazy-route-table-0.2.js', 0]]),
      categories: new Map([['/docs/x/list-users', 'assets/sidebar/k1.json']]),
    };
    writeFileSync(path.join(folder, sidebarHintsFile), hintsText(hints));
    expect(readPageCacheHints(folder)).toEqual(hints);
    writeFileSync(path.join(folder, sidebarHintsFile), '{"sidebars":{"a":"s","bad":3},"tables":{"t":"0"}}');
    expect(readPageCacheHints(folder)).toEqual({ ...none, sidebars: new Map([['a', 's']]) });
    writeFileSync(path.join(folder, sidebarHintsFile), '{"sidebars":');
    expect(readPageCacheHints(folder)).toEqual(none);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
