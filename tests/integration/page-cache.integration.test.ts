import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { copySite, type SiteCopy } from '../../tools/lib/siteCopy';
import { productionBuild } from '../../tools/build/productionBuild';
import { runNode } from '../../src/build/node/runNode';
import { noPageCacheVariable } from '../../config/build';
import { apis } from '../../config/apis';
import { listOperations, type JsonObject } from '../../src/core/openapi/document';
import { pageCacheCounts, withOneCallChanged } from '../../tools/bench/lib/bigRun';

/**
 * The page cache (src/build/page-cache) on the real site, in a throw-away copy: a build, one call's summary and
 * description changed as an author would change them, a second build into the same folder (pages copied from the first where
 * nothing they are made of changed), then a cold build of the same tree into another folder with the cache off. The
 * second build's pages must be the cold build's, byte for byte: a copied page that should have changed would differ.
 */
let site: SiteCopy;
let warm: { output: string; html: Map<string, string>; twins: Map<string, string> };
let cold: Map<string, string>;
let coldTwins: Map<string, string>;
const twinFiles = /\.(md|txt)$/;
const marker = 'Changed by the page cache test: a sentence only this call page and the API reference show.';
const guide = 'getting-started/brand-guidelines.mdx';
const guideMarker = 'Changed by the page cache test: a sentence only this guide shows.';
const guideDescription = 'Changed by the page cache test, a description only this guide has.';

/** The build's files of one kind, by path: its pages (`.html`), or what llms-export writes (`.md`, `.txt`). */
function outputFiles(dir: string, kind: RegExp = /\.html$/): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !kind.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), readFileSync(file, 'utf8'));
  }
  return files;
}

async function build(outDir: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const { code, output } = await productionBuild(
    [site.dir, '--out-dir', outDir],
    { ...process.env, ...env },
    (argv, stepEnv) => runNode(argv, { cwd: site.dir, env: stepEnv }),
  );
  if (code !== 0) throw new Error(`build into ${outDir} failed (${code}):\n${output.slice(-3000)}`);
  return output;
}

let changedPath = '';
beforeAll(async () => {
  site = copySite(process.cwd(), 'page-cache-');
  const out = path.join(site.dir, 'build');
  await build(out);
  const file = path.join(site.dir, apis[0].vendored);
  // The benchmark's one-call change (a word more in the first call's summary: its sidebar label, its page's title, its
  // neighbours' next and previous links), and a sentence in its description.
  const document = withOneCallChanged(parse(readFileSync(file, 'utf8')) as JsonObject);
  const [first] = listOperations(document);
  changedPath = first.path;
  first.operation.description = `${typeof first.operation.description === 'string' ? first.operation.description : ''}\n\n${marker}`;
  // JSON is YAML: written back as JSON, as the benchmark's one-call change is.
  writeFileSync(file, JSON.stringify(document, null, 1));
  // And a guide's description and a sentence in it: its twin is made from its HTML, and the twins' memo must not give
  // its last one (llms.txt lists the description).
  const guideFile = path.join(site.dir, guide);
  const guideText = readFileSync(guideFile, 'utf8');
  expect(guideText).toMatch(/^description: .+$/m);
  writeFileSync(
    guideFile,
    `${guideText.replace(/^description: .+$/m, `description: ${guideDescription}`)}\n${guideMarker}\n`,
  );
  const output = await build(out);
  warm = { output, html: outputFiles(out), twins: outputFiles(out, twinFiles) };
  const coldOut = path.join(site.dir, 'build-cold');
  await build(coldOut, { [noPageCacheVariable]: 'true' });
  cold = outputFiles(coldOut);
  coldTwins = outputFiles(coldOut, twinFiles);
}, 400_000);
afterAll(() => site?.remove());

test('the second build copies the pages the change did not reach and renders the others', () => {
  const counts = pageCacheCounts(warm.output);
  expect(counts, warm.output.slice(-2000)).toBeDefined();
  const { copied, rendered } = counts ?? { copied: 0, rendered: 0 };
  expect(rendered).toBeGreaterThan(0);
  // Rendered: the call's page, the pages that show its summary or description, and the other pages of its sidebar
  // category (they show it whole). Copied: the rest, the pages that share a lazy route table with them among them
  // (209 of 241 here, 2026-11-28; 95 when a page was known by its table's name).
  expect(copied).toBeGreaterThan((copied + rendered) / 2);
  const pages = [...warm.html].filter(([, html]) => html.includes(marker)).map(([file]) => file);
  expect(pages.length, `the change reached no page (${changedPath})`).toBeGreaterThan(0);
});

test("every page of the second build is the cold build's, byte for byte", () => {
  expect([...warm.html.keys()].sort()).toEqual([...cold.keys()].sort());
  const differing = [...warm.html].filter(([file, html]) => cold.get(file) !== html).map(([file]) => file);
  expect(differing).toEqual([]);
});

test("the second build's Markdown twins and llms files are the cold build's, though most were read as before", () => {
  // The twins made from a page's HTML are remembered from the first build (src/build/llms/twinMemo.ts).
  const reused = Number(/\((\d+) read as in the last build\)/.exec(warm.output)?.[1] ?? 0);
  expect(reused, warm.output.slice(-2000)).toBeGreaterThan(100);
  expect([...warm.twins.keys()].sort()).toEqual([...coldTwins.keys()].sort());
  const differing = [...warm.twins].filter(([file, text]) => coldTwins.get(file) !== text).map(([file]) => file);
  expect(differing).toEqual([]);
  // The changed call's twin and the full file hold the change, and so do the guide's twin and the full file.
  expect([...warm.twins].filter(([, text]) => text.includes(marker)).length).toBeGreaterThan(1);
  const guideTwins = [...warm.twins].filter(([, text]) => text.includes(guideMarker)).map(([file]) => file);
  expect(guideTwins.sort()).toEqual(['getting-started/brand-guidelines.md', 'llms-full.txt']);
  expect(warm.twins.get('llms.txt')).toContain(guideDescription);
});
