import { describe, expect, test } from 'vitest';
import { withRequestOrigins, type ClientManifest } from '../route-scripts/origins';
import { withLazyTables } from './manifest';

const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: {
    main: ['91'],
    'lazy-route-table-0': ['5000'],
    'lazy-route-table-1': ['5001'],
    aaaa1111: ['aaaa1111'],
    bbbb2222: ['7681', 'bbbb2222'],
  },
  assets: {},
};
const routes = [
  { name: 'aaaa1111', requests: ['@site/docs/data-api/reference/get-team.mdx'] },
  { name: 'bbbb2222', requests: ['@generated/p/get-team.json'] },
];
const table = { table: 'lazy-route-table-1', routes };

describe('withLazyTables', () => {
  test("each route module's origin, by name and by request, also lists its table's chunks", () => {
    const fixed = withLazyTables(manifest, [table]);
    expect(fixed.origins.aaaa1111).toEqual(['aaaa1111', '5001']);
    expect(fixed.origins['@site/docs/data-api/reference/get-team.mdx']).toEqual(['aaaa1111', '5001']);
    expect(fixed.origins['@generated/p/get-team.json']).toEqual(['7681', 'bbbb2222', '5001']);
    expect(fixed.origins.main).toEqual(['91']);
    expect(fixed.origins['lazy-route-table-0']).toEqual(['5000']);
  });

  test('gives the same manifest whether the request origins were added before or after', () => {
    const before = withLazyTables(withRequestOrigins(manifest, routes), [table]);
    const after = withRequestOrigins(withLazyTables(manifest, [table]), routes);
    expect(before.origins).toEqual(after.origins);
  });

  test('skips a table or route the manifest does not know, and leaves its input alone', () => {
    const copy = structuredClone(manifest);
    const fixed = withLazyTables(manifest, [
      { table: 'lazy-route-table-9', routes },
      { table: 'lazy-route-table-0', routes: [{ name: 'cccc3333', requests: ['@site/x.mdx'] }] },
    ]);
    expect(fixed.origins).toEqual(manifest.origins);
    expect(manifest).toEqual(copy);
  });
});
