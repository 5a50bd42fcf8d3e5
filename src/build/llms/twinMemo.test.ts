import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { htmlPage } from './htmlPage';
import { temporaryName } from '../pipeline/writeAtomic';
import { twinMemo, twinMemoVersion } from './twinMemo';

let folder: string;
let file: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'twin-memo-'));
  file = path.join(folder, 'twins.json');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const page = ({
  runtime = '1',
  text = 'Every pet.',
  image = 'pet.1.png',
  sidebar = 'Pets',
  description = 'All pets.',
} = {}) =>
  `<html><head><title>Pets | Arena</title><meta name="description" content="${description}">` +
  `<link rel=stylesheet href=/assets/css/styles.${runtime}.css>` +
  `<script src=/assets/js/runtime~main.${runtime}.js></script></head><body><aside>${sidebar}</aside>` +
  `<main><div class="theme-doc-markdown markdown"><h1>Pets</h1><p>${text}</p>` +
  `<img alt=pet src=/assets/images/${image}></div></main></body></html>`;

async function firstBuild(html: string, version = 'v1') {
  const memo = twinMemo(file, version);
  memo.page(html);
  await memo.save();
}

test("a page read again reads as before, even with the bundles' new names and another sidebar", async () => {
  await firstBuild(page());
  const memo = twinMemo(file, 'v1');
  const again = page({ runtime: '2', sidebar: 'Pets (changed)' });
  expect(memo.page(again)).toEqual(htmlPage(again));
  expect(memo.reused).toBe(1);
});

test('a page whose content changed, or an image it shows, is read anew', async () => {
  await firstBuild(page());
  const memo = twinMemo(file, 'v1');
  const text = page({ text: 'Every pet, and more.' });
  expect(memo.page(text).markdown).toContain('Every pet, and more.');
  const image = page({ image: 'pet.2.png' });
  expect(memo.page(image).markdown).toContain('/assets/images/pet.2.png');
  expect(memo.reused).toBe(0);
});

test('a page whose description changed is read anew, whatever the description says', async () => {
  await firstBuild(page({ description: 'Files are served from /assets/v1/files.' }));
  const memo = twinMemo(file, 'v1');
  const changed = page({ description: 'Files are served from /assets/v2/files.' });
  expect(memo.page(changed).description).toBe('Files are served from /assets/v2/files.');
  expect(memo.page(page({ description: 'Another.' })).description).toBe('Another.');
  expect(memo.reused).toBe(0);
});

test('a memo of other code, or a damaged one, is not read; nothing is written without a file', async () => {
  await firstBuild(page(), 'v1');
  const other = twinMemo(file, 'v2');
  other.page(page());
  expect(other.reused).toBe(0);
  writeFileSync(file, '{"version":"v1","pages":{"abc');
  const cut = twinMemo(file, 'v1');
  expect(cut.page(page())).toEqual(htmlPage(page()));
  expect(cut.reused).toBe(0);
  const none = twinMemo(undefined, 'v1');
  none.page(page());
  await none.save();
  expect(readFileSync(file, 'utf8')).toBe('{"version":"v1","pages":{"abc');
});

test('the memo keeps the pages of the last build only, and an entry of the wrong shape is not used', async () => {
  await firstBuild(page({ text: 'old' }));
  await firstBuild(page({ text: 'new' }));
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, { markdown: string }> };
  expect(Object.values(saved.pages).map((entry) => entry.markdown.includes('new'))).toEqual([true]);
  const [key] = Object.keys(saved.pages);
  writeFileSync(file, JSON.stringify({ version: 'v1', pages: { [key]: { title: 1 } } }));
  const memo = twinMemo(file, 'v1');
  expect(memo.page(page({ text: 'new' })).markdown).toContain('new');
  expect(memo.reused).toBe(0);
});

test("the version changes with the site's code and its installed packages", () => {
  const site = path.join(folder, 'site');
  const write = (name: string, text: string) => {
    const target = path.join(site, name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  };
  write('src/a.ts', 'one');
  write('package-lock.json', '{}');
  const first = twinMemoVersion(site);
  expect(twinMemoVersion(site)).toBe(first);
  write('src/a.ts', 'two');
  const second = twinMemoVersion(site);
  expect(second).not.toBe(first);
  write('package-lock.json', '{"x":1}');
  expect(twinMemoVersion(site)).not.toBe(second);
});

test('saving removes the temporary file a build killed while writing the memo left', async () => {
  writeFileSync(path.join(folder, temporaryName(file)), '{"version":');
  await firstBuild(page());
  expect(readdirSync(folder)).toEqual(['twins.json']);
});
