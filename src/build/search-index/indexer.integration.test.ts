import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runNode } from '../node/runNode';
import { indexChunkSizeVariable, type IndexJob } from './job';
import { indexedPages } from './readIndex';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'search-indexer-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Forty pages of forty words each, most of them shared: enough for more than one chunk of 200. */
function writePages(): IndexJob['pages'] {
  return Array.from({ length: 40 }, (_, page) => {
    const words = Array.from({ length: 40 }, (_, word) => `word${(page + word) % 60}`).join(' ');
    const file = path.join(folder, `page${page}.html`);
    writeFileSync(file, `<html><body><article><h1>Page ${page}</h1><p>${words}</p></article></body></html>`);
    return { url: `/docs/page${page}`, file, target: { section: 'Guides', kind: 'guide', names: {} } };
  });
}

/** Runs the indexer on `job`, its temporary files in a folder of its own (`temporary`). */
function runIndexer(name: string, job: Partial<IndexJob>, temporary = path.join(folder, `tmp-${name}`)) {
  const jobFile = path.join(folder, `job-${name}.json`);
  writeFileSync(jobFile, JSON.stringify(job));
  mkdirSync(temporary, { recursive: true });
  // The caller's own setting must not decide the outcome: the job's is the one that counts.
  const env = { ...process.env, [indexChunkSizeVariable]: '1', TMPDIR: temporary };
  return runNode(['--import', 'tsx', path.join(__dirname, 'indexer.mts'), jobFile], { env });
}

async function indexWith(
  indexChunkSize: number,
  pages: IndexJob['pages'],
  stagingBatch?: number,
): Promise<{ index: string; output: string }> {
  const outputPath = path.join(folder, `index-${indexChunkSize}`);
  const { code, output } = await runIndexer(String(indexChunkSize), {
    outputPath,
    rootSelector: 'article',
    excludeSelectors: [],
    indexChunkSize,
    pages,
    stagingBatch,
  });
  expect(output).not.toContain('Error');
  expect(code).toBe(0);
  return { index: outputPath, output };
}

test("the job's chunk size is the one Pagefind writes the word index with", async () => {
  const pages = writePages();
  const { index: small } = await indexWith(200, pages);
  const { index: large } = await indexWith(20_000, pages);
  const chunks = (index: string) => readdirSync(path.join(index, 'index')).length;
  // Pagefind's default (20,000) holds these pages in one file; at 200, Pagefind still reads the setting.
  expect(chunks(large)).toBe(1);
  expect(chunks(small)).toBeGreaterThan(5);
  expect(
    indexedPages(small)
      .map((page) => page.url)
      .sort(),
  ).toEqual(pages.map((page) => page.url).sort());
}, 60_000);

test('a job without a chunk size is refused by name, and no index is written', async () => {
  const outputPath = path.join(folder, 'index-none');
  const job = { outputPath, rootSelector: 'article', excludeSelectors: [], pages: writePages() };
  const { code, output } = await runIndexer('none', job);
  expect(code).toBe(1);
  expect(output).toContain("the job's indexChunkSize is undefined");
  expect(existsSync(outputPath)).toBe(false);
}, 60_000);

test('pages staged on disk in batches, and those whose URL is no path, are indexed under their own URLs', async () => {
  const target = { section: 'Guides', kind: 'guide', names: {} } as const;
  const page = (url: string, title: string, words: string) => {
    const file = path.join(folder, `extra-${title}.html`);
    writeFileSync(file, `<html><body><article><h1>${title}</h1><p>${words}</p></article></body></html>`);
    return { url, file, target };
  };
  const pages = [
    ...writePages(),
    // A base URL, a trailing slash, the root: staged, each named back as its own URL.
    page('/portal/docs/x', 'Portal', 'word1 portal'),
    page('/docs/y/', 'Slashed', 'word2 slashed'),
    page('/', 'Root', 'word3 root'),
    // Not a plain path (staging.ts), and a second URL of a staged page's path: handed to Pagefind in the call.
    page('/docs/caf%C3%A9', 'Café', 'word7 unusual'),
    page('/docs/page3/', 'Again', 'word4 again'),
  ];
  const { index, output } = await indexWith(300, pages, 7);
  expect(output).toContain(`${pages.length - 2} pages read from disk, 2 handed over`);
  const indexed = indexedPages(index);
  // Exactly the job's URLs: Pagefind names a page read from disk `/docs/page0/`, and the indexer puts it back.
  expect(indexed.map((each) => each.url).sort()).toEqual(pages.map((each) => each.url).sort());
  expect(indexed.find((each) => each.url === '/docs/page3')?.content).toContain('word3');
  expect(indexed.find((each) => each.url === '/docs/page3/')?.meta.title).toBe('Again');
  expect(indexed.find((each) => each.url === '/portal/docs/x')?.meta.title).toBe('Portal');
  expect(indexed.find((each) => each.url === '/')?.meta.title).toBe('Root');
  expect(indexed.find((each) => each.url === '/docs/caf%C3%A9')?.meta.title).toBe('Café');
  // The staged pages are gone with the run (tsx keeps its own cache there too).
  expect(readdirSync(path.join(folder, 'tmp-300')).filter((name) => !name.startsWith('tsx-'))).toEqual([]);
}, 60_000);

test('a page with nothing to index (a redirect page) is named and left out, and the index is written', async () => {
  const pages = writePages().slice(0, 3);
  const file = path.join(folder, 'redirect.html');
  // What Docusaurus's client-redirects plugin writes for an old path: no body, so Pagefind writes no fragment for it.
  writeFileSync(
    file,
    '<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0; url=/docs/page0"></head>' +
      "<script>window.location.href = '/docs/page0';</script></html>",
  );
  const moved = { url: '/docs/moved', file, target: pages[0].target };
  // An escaped URL is handed over in the call (staging.ts): it is named the same way.
  const escaped = { url: '/docs/m%C3%BCde', file, target: pages[0].target };
  const { index, output } = await indexWith(500, [...pages, moved, escaped]);
  expect(output).toContain('4 pages read from disk, 1 handed over');
  expect(output).toContain('2 with nothing to index: /docs/moved, /docs/m%C3%BCde');
  expect(
    indexedPages(index)
      .map((page) => page.url)
      .sort(),
  ).toEqual(pages.map((page) => page.url).sort());
  // A job of redirect pages alone: Pagefind writes no fragment folder; an index of no pages, each named.
  const { index: none, output: noneOutput } = await indexWith(600, [moved, escaped]);
  expect(noneOutput).toContain('2 with nothing to index: /docs/moved, /docs/m%C3%BCde');
  expect(indexedPages(none)).toEqual([]);
}, 60_000);

test('a job of no pages writes an empty index', async () => {
  const { index } = await indexWith(400, []);
  expect(indexedPages(index)).toEqual([]);
}, 60_000);

test('a job with a staging batch that is not a whole number above 0 is refused by name', async () => {
  const outputPath = path.join(folder, 'index-batch');
  const job = { outputPath, rootSelector: 'article', excludeSelectors: [], indexChunkSize: 200, stagingBatch: 0 };
  const { code, output } = await runIndexer('batch', { ...job, pages: writePages() });
  expect(code).toBe(1);
  expect(output).toContain("the job's stagingBatch is 0");
  expect(existsSync(outputPath)).toBe(false);
}, 60_000);
