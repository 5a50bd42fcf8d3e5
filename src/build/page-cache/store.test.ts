import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  assetFiles,
  assetsOf,
  codeDigest,
  dataFilesOf,
  fileHash,
  htmlFileOf,
  pageCacheFormat,
  readPageCache,
  runtimeFile,
  stillRenders,
  templateDigest,
  writePageCache,
} from './store';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'page-cache-store-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

test("a page's assets are every assets/ file it names, quoted or not, under the base URL only", () => {
  const html =
    '<link rel=stylesheet href=/docs/assets/css/styles.4eb25f5a.css /><script src=/docs/assets/js/main.7db00f36.js defer></script>' +
    '<link rel="preload" href="/docs/assets/js/a7bd4aaa.64aa2c01.js" as="script"><img src=/docs/assets/images/x-1a2b.png>' +
    '<div style="background:url(/docs/assets/images/bg-9f.svg)"></div><a href=/assets/js/other.js>x</a>' +
    '<script src=/docs/assets/js/main.7db00f36.js defer></script>';
  expect(assetsOf(html, '/docs/')).toEqual([
    'assets/css/styles.4eb25f5a.css',
    'assets/images/bg-9f.svg',
    'assets/images/x-1a2b.png',
    'assets/js/a7bd4aaa.64aa2c01.js',
    'assets/js/main.7db00f36.js',
  ]);
});

test('a page renders as before only when every file it names is still there, its data files unchanged', () => {
  const page = {
    file: 'a/index.html',
    assets: ['assets/js/main.1.js', 'assets/js/a.2.js'],
    dataFiles: { 'openapi/x/pages/a.json': 'h1', 'openapi/x/pages/gone.json': '' },
    data: {},
  };
  const hashes: Record<string, string> = { 'openapi/x/pages/a.json': 'h1' };
  const assets = new Set(['assets/js/main.1.js', 'assets/js/a.2.js', 'assets/js/b.3.js']);
  expect(stillRenders(page, assets, (file) => hashes[file])).toBe(true);
  expect(stillRenders(page, new Set(['assets/js/main.1.js', 'assets/js/a.9.js']), (file) => hashes[file])).toBe(false);
  // The data changed, or a file missing before is there now.
  expect(stillRenders(page, assets, (file) => ({ ...hashes, 'openapi/x/pages/a.json': 'h2' })[file])).toBe(false);
  expect(stillRenders(page, assets, (file) => ({ ...hashes, 'openapi/x/pages/gone.json': 'h3' })[file])).toBe(false);
});

test("a page's data files are those it names for the browser to read back, paths from the site's root", () => {
  // As ReferencePage writes them: the data route, which has no base URL, whatever the site's is.
  const html =
    '<script type=application/json data-reference-page=/openapi/x/pages/a.json>{}</script>' +
    '<script type="application/json" data-reference-page="/openapi/x/schemas/b.json">{}</script>';
  expect(dataFilesOf(html)).toEqual(['openapi/x/pages/a.json', 'openapi/x/schemas/b.json']);
  writeFileSync(path.join(folder, 'd.json'), '{"a":1}');
  expect(fileHash(path.join(folder, 'd.json'))).toMatch(/^[0-9a-f]{64}$/);
  expect(fileHash(path.join(folder, 'none.json'))).toBeUndefined();
});

test("a route's HTML file is where Docusaurus writes it", () => {
  expect(htmlFileOf('/', '/', undefined)).toBe('index.html');
  expect(htmlFileOf('/docs/a', '/', undefined)).toBe('docs/a/index.html');
  expect(htmlFileOf('/docs/a', '/', true)).toBe('docs/a/index.html');
  expect(htmlFileOf('/docs/a', '/', false)).toBe('docs/a.html');
  expect(htmlFileOf('/docs/a/', '/', false)).toBe('docs/a/index.html');
  expect(htmlFileOf('/404.html', '/', undefined)).toBe('404.html');
  expect(htmlFileOf('/base/docs/a', '/base/', undefined)).toBe('docs/a/index.html');
});

test('the runtime is found only when there is exactly one; assets are listed from the output folder', () => {
  mkdirSync(path.join(folder, 'assets/js'), { recursive: true });
  mkdirSync(path.join(folder, 'assets/sidebar'), { recursive: true });
  expect(runtimeFile(folder)).toBeUndefined();
  writeFileSync(path.join(folder, 'assets/js/runtime~main.0a1b.js'), '');
  writeFileSync(path.join(folder, 'assets/sidebar/k.json'), '');
  expect(runtimeFile(folder)).toBe('assets/js/runtime~main.0a1b.js');
  expect(assetFiles(folder)).toEqual(new Set(['assets/js/runtime~main.0a1b.js', 'assets/sidebar/k.json']));
  writeFileSync(path.join(folder, 'assets/js/runtime~main.ffff.js'), '');
  expect(runtimeFile(folder)).toBeUndefined();
  expect(assetFiles(path.join(folder, 'none'))).toEqual(new Set());
});

test('the code digest changes with any file under src/, config/ or sidebars/ and with the Docusaurus config', () => {
  mkdirSync(path.join(folder, 'src/theme'), { recursive: true });
  mkdirSync(path.join(folder, 'sidebars'), { recursive: true });
  writeFileSync(path.join(folder, 'sidebars/docs.ts'), 's');
  mkdirSync(path.join(folder, 'docs'), { recursive: true });
  writeFileSync(path.join(folder, 'src/theme/a.tsx'), 'a');
  writeFileSync(path.join(folder, 'docusaurus.config.ts'), 'c');
  writeFileSync(path.join(folder, 'docs/guide.md'), 'g');
  const digest = codeDigest(folder);
  writeFileSync(path.join(folder, 'docs/guide.md'), 'g2');
  expect(codeDigest(folder)).toBe(digest);
  writeFileSync(path.join(folder, 'src/theme/a.tsx'), 'a2');
  const second = codeDigest(folder);
  expect(second).not.toBe(digest);
  writeFileSync(path.join(folder, 'docusaurus.config.ts'), 'c2');
  const third = codeDigest(folder);
  expect(third).not.toBe(second);
  writeFileSync(path.join(folder, 'sidebars/docs.ts'), 's2');
  expect(codeDigest(folder)).not.toBe(third);
});

test('the template digest changes with any part and with the installed packages', () => {
  const digest = templateDigest({ headTags: '<meta a>' }, 'lock 1');
  expect(templateDigest({ headTags: '<meta a>' }, 'lock 1')).toBe(digest);
  expect(templateDigest({ headTags: '<meta b>' }, 'lock 1')).not.toBe(digest);
  expect(templateDigest({ headTags: '<meta a>' }, 'lock 2')).not.toBe(digest);
});

test('the cache file reads back as written; a missing, older or broken one reads as none', async () => {
  const file = path.join(folder, 'cache/pages.ndjson');
  const header = {
    format: pageCacheFormat,
    outDir: '/out',
    templateDigest: 'd',
    runtime: 'assets/js/runtime~main.1.js',
    sidebarChunks: { 'assets/js/meta.2.js': 'shape' },
    lazyTables: { 'assets/js/lazy-route-table-0.3.js': 0 },
  };
  const page = {
    file: 'a/index.html',
    assets: ['assets/js/main.1.js'],
    dataFiles: { 'openapi/x/pages/a.json': 'h1' },
    data: { links: ['/b'], anchors: [] },
  };
  await writePageCache(file, header, [['/a', page]]);
  expect(await readPageCache(file)).toEqual({ header, pages: new Map([['/a', page]]) });
  expect(await readPageCache(path.join(folder, 'none.ndjson'))).toBeUndefined();
  writeFileSync(file, `${JSON.stringify({ ...header, format: pageCacheFormat - 1 })}\n`);
  expect(await readPageCache(file)).toBeUndefined();
  writeFileSync(file, `${JSON.stringify(header)}\n["/a", {"file": "a/ind`);
  expect(await readPageCache(file)).toBeUndefined();
  writeFileSync(file, `${JSON.stringify(header)}\n["/a", {"file": 3, "assets": []}]\n`);
  expect(await readPageCache(file)).toBeUndefined();
  // A header whose fields are not of the types read is no cache.
  for (const broken of [
    { runtime: 7 },
    { runtime: '' },
    { outDir: null },
    { sidebarChunks: 'x' },
    { lazyTables: null },
  ]) {
    writeFileSync(file, `${JSON.stringify({ ...header, ...broken })}\n`);
    expect(await readPageCache(file)).toBeUndefined();
  }
});

test("a cache whose header is not wanted is read no further than its header: its pages' lines are not parsed", async () => {
  const file = path.join(folder, 'pages.ndjson');
  const header = {
    format: pageCacheFormat,
    outDir: '/out',
    templateDigest: 'd',
    runtime: 'r.js',
    sidebarChunks: {},
    lazyTables: {},
  };
  // The second line would make the whole cache unreadable, were it read.
  writeFileSync(file, `${JSON.stringify(header)}\n["/a", {"file": 3}]\n`);
  const seen: unknown[] = [];
  const read = await readPageCache(file, (found) => {
    seen.push(found);
    return false;
  });
  expect(seen).toEqual([header]);
  expect(read).toEqual({ header, pages: new Map() });
  expect(await readPageCache(file, () => true)).toBeUndefined();
});
