import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { readSidebarHints, sidebarHintsFile, sidebarsShape } from './sidebars';

/** A pruned docs metadata module: one lazy category as a tuple, one as an object, one ordinary category. */
function metadata({ key = 'k1', firstLabel = 'List users', label = 'users', guide = 'Start' } = {}): string {
  return JSON.stringify({
    version: {
      version: 'current',
      docsSidebars: {
        api: [
          [label, key, '/docs/x/list-users', firstLabel, 'api-method get'],
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

test("a category's key and first label, which only the browser reads, leave the shape as it was", () => {
  const shape = sidebarsShape(metadata());
  expect(sidebarsShape(metadata({ key: 'k2' }))).toBe(shape);
  expect(sidebarsShape(metadata({ firstLabel: 'List users (changed)' }))).toBe(shape);
});

test('what the server renders of a collapsed category, or any item of another, changes it', () => {
  const shape = sidebarsShape(metadata());
  expect(sidebarsShape(metadata({ label: 'people' }))).not.toBe(shape);
  expect(sidebarsShape(metadata({ guide: 'Start here' }))).not.toBe(shape);
  expect(sidebarsShape(JSON.stringify({ other: 1 }))).toMatch(/^[0-9a-f]{64}$/);
});

test('the hints read back; a missing or broken file gives none', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'sidebar-hints-'));
  try {
    expect(readSidebarHints(folder)).toEqual(new Map());
    writeFileSync(path.join(folder, sidebarHintsFile), '{"assets/js/a.1.js":"s","bad":3}');
    expect(readSidebarHints(folder)).toEqual(new Map([['assets/js/a.1.js', 's']]));
    writeFileSync(path.join(folder, sidebarHintsFile), '{"assets/js/a.1.js":');
    expect(readSidebarHints(folder)).toEqual(new Map());
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
