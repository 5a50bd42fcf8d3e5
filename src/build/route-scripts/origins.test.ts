import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { withRequestOrigins, type ClientManifest } from './origins';

type Bundles = { js?: { file: string }[]; css?: { file: string }[] };
/** The lookup Docusaurus's page template runs, from the copy Docusaurus itself depends on. */
const { getBundles } = createRequire(require.resolve('@docusaurus/core/package.json'))(
  'react-loadable-ssr-addon-v5-slorber',
) as { getBundles: (manifest: ClientManifest, modules: string[]) => Bundles };

/** The shape Rspack's build gives: origins by chunk name or id, files by chunk id. */
const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: { main: ['4014', '91'], '17896441': ['3693', '17896441'], cab5892f: ['cab5892f'] },
  assets: {
    '4014': { js: [{ file: 'assets/js/runtime~main.js' }] },
    '91': { js: [{ file: 'assets/js/main.js' }] },
    '3693': { js: [{ file: 'assets/js/3693.js' }], css: [{ file: 'assets/css/3693.css' }] },
    '17896441': { js: [{ file: 'assets/js/17896441.js' }] },
    cab5892f: { js: [{ file: 'assets/js/cab5892f.js' }] },
  },
};
const rendered = ['@theme/DocItem', '@site/getting-started/api-keys.mdx'];
const files = (bundles: Bundles) => ({
  js: (bundles.js ?? []).map((bundle) => bundle.file),
  css: (bundles.css ?? []).map((bundle) => bundle.file),
});

describe('withRequestOrigins', () => {
  test('as Rspack leaves it, the modules a page rendered name none of its chunks: only the entry', () => {
    expect(files(getBundles(manifest, ['main', ...rendered]))).toEqual({
      js: ['assets/js/runtime~main.js', 'assets/js/main.js'],
      css: [],
    });
  });

  test("with the requests added, the page's own chunks follow the entry, their styles too", () => {
    const fixed = withRequestOrigins(manifest, [
      { name: '17896441', requests: ['@theme/DocItem'] },
      { name: 'cab5892f', requests: ['@site/getting-started/api-keys.mdx'] },
    ]);
    expect(files(getBundles(fixed, ['main', ...rendered]))).toEqual({
      js: [
        'assets/js/runtime~main.js',
        'assets/js/main.js',
        'assets/js/3693.js',
        'assets/js/17896441.js',
        'assets/js/cab5892f.js',
      ],
      css: ['assets/css/3693.css'],
    });
  });

  test('keeps existing origins, skips unknown groups and empty requests, and leaves its input alone', () => {
    const before = structuredClone(manifest);
    const fixed = withRequestOrigins(manifest, [
      { name: '17896441', requests: ['main', '', '@theme/DocItem'] },
      { name: 'not-in-manifest', requests: ['@site/x.mdx'] },
    ]);
    expect(fixed.origins.main).toEqual(['4014', '91']);
    expect(Object.keys(fixed.origins)).toEqual([...Object.keys(manifest.origins), '@theme/DocItem']);
    expect(manifest).toEqual(before);
  });
});
