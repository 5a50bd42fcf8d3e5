import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { hintsText, sidebarHintsFile } from './sidebars';
import {
  cachedSsg,
  copiedPages,
  pageCacheFile,
  pendingPageCacheFile,
  previousOutput,
  type PageCacheReport,
  type SsgArguments,
} from './ssg';
import { installPageCache, runningExecutor } from './install';

let root: string;
let outDir: string;
let cache: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'page-cache-ssg-'));
  outDir = path.join(root, 'build');
  cache = path.join(root, 'cache');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const routes = ['/', '/docs/a', '/docs/b'];
/** Each page's chunk: its content hash in its name, as the bundler writes it. */
let chunks: Record<string, string>;
/** Each page's data file (a reference page's, which the server reads while rendering): its text. */
let data: Record<string, string>;
const dataFile = (pathname: string) => `openapi/x/pages/${pathname === '/' ? 'home' : path.basename(pathname)}.json`;

function props(headTags = '<meta name=x>'): SsgArguments['props'] {
  return {
    outDir,
    siteDir: root,
    generatedFilesDir: path.join(root, '.docusaurus'),
    baseUrl: '/',
    routesPaths: routes,
    headTags,
    preBodyTags: '',
    postBodyTags: '',
    siteConfig: { trailingSlash: undefined, noIndex: false, future: { faster: { swcHtmlMinimizer: true }, v4: {} } },
  };
}

/** Other files under assets/ the next bundle writes (a lazy category's, `sidebar/<key>.json`). */
let bundleExtra: string[] = [];

/** What the bundle step leaves: the runtime (its name changes with every build here) and the chunks. */
function bundle(runtime: string): void {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(path.join(outDir, 'assets/js'), { recursive: true });
  for (const name of [`runtime~main.${runtime}`, 'main.0001', ...Object.values(chunks)]) {
    writeFileSync(path.join(outDir, `assets/js/${name}.js`), '');
  }
  for (const name of bundleExtra) {
    mkdirSync(path.dirname(path.join(outDir, 'assets', name)), { recursive: true });
    writeFileSync(path.join(outDir, 'assets', name), '[]');
  }
  // Static files are copied into the output folder by the bundle step too.
  mkdirSync(path.join(outDir, 'openapi/x/pages'), { recursive: true });
  for (const route of routes) writeFileSync(path.join(outDir, dataFile(route)), data[route] ?? '{}');
}

/** Docusaurus's SSG in miniature: a page names the runtime, main.js and its chunk, and says when it was rendered. */
function renderer(build: string, rendered: string[]) {
  return (args: SsgArguments) => {
    const collectedData: Record<string, unknown> = {};
    for (const pathname of args.props.routesPaths) {
      rendered.push(pathname);
      const file = path.join(outDir, pathname === '/' ? 'index.html' : `${pathname.slice(1)}/index.html`);
      mkdirSync(path.dirname(file), { recursive: true });
      const runtimeName = readdirSync(path.join(outDir, 'assets/js')).find((name) => name.startsWith('runtime~main'));
      writeFileSync(
        file,
        `<script src=/assets/js/${runtimeName}></script><script src=/assets/js/main.0001.js></script>` +
          `<script src=/assets/js/${chunks[pathname]}.js></script><p>${pathname} of build ${build}</p>` +
          `<script type=application/json data-reference-page=/${dataFile(pathname)}>${data[pathname] ?? '{}'}</script>`,
      );
      collectedData[pathname] = { links: [`${pathname}#link`], anchors: [], build };
    }
    return Promise.resolve({ collectedData });
  };
}

/** What the bundle step would leave for the render step (sidebars.ts). */
function hints({
  sidebars = [],
  tables = [],
  categories = [],
}: {
  sidebars?: [string, string][];
  tables?: [string, number][];
  categories?: [string, string][];
}): void {
  mkdirSync(path.join(root, '.docusaurus'), { recursive: true });
  writeFileSync(path.join(root, '.docusaurus', sidebarHintsFile), hintsText({ sidebars, tables, categories }));
}

/** One build: bundle, move the last output aside as tools/build does, then render through the cache. */
async function build(name: string, runtime: string, headTags?: string) {
  rmSync(path.join(cache, previousOutput), { recursive: true, force: true });
  if (existsSync(outDir) && existsSync(path.join(cache, pageCacheFile))) {
    renameSync(outDir, path.join(cache, previousOutput));
  }
  bundle(runtime);
  const rendered: string[] = [];
  const reports: PageCacheReport[] = [];
  const result = await cachedSsg(
    { router: 'browser', props: props(headTags) },
    renderer(name, rendered),
    cache,
    '3.10.2',
    (said) => reports.push(said),
  );
  // What tools/build does once the build has ended well.
  if (existsSync(path.join(cache, pendingPageCacheFile))) {
    renameSync(path.join(cache, pendingPageCacheFile), path.join(cache, pageCacheFile));
  }
  return { rendered, report: reports[0], result };
}

const page = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

beforeEach(() => {
  data = {};
  bundleExtra = [];
});

test('a first build renders every page and writes the cache', async () => {
  chunks = { '/': 'home.aaaa', '/docs/a': 'a.aaaa', '/docs/b': 'b.aaaa' };
  const { rendered, report, result } = await build('1', 'a1');
  expect(rendered).toEqual(routes);
  expect(report).toEqual({
    reused: 0,
    rendered: 3,
    reason: 'no cache from an earlier build, or one of an older format',
  });
  expect(Object.keys(result.collectedData)).toEqual(routes);
  expect(existsSync(path.join(cache, pageCacheFile))).toBe(true);
});

test('the next build copies the pages whose files are unchanged, with the new runtime, and renders the others', async () => {
  chunks = { '/': 'home.aaaa', '/docs/a': 'a.aaaa', '/docs/b': 'b.aaaa' };
  await build('1', 'a1');
  chunks['/docs/b'] = 'b.bbbb';
  const { rendered, report, result } = await build('2', 'b2');
  expect(rendered).toEqual(['/docs/b']);
  expect(report).toEqual({ reused: 2, rendered: 1 });
  expect(page('docs/a/index.html')).toBe(
    '<script src=/assets/js/runtime~main.b2.js></script><script src=/assets/js/main.0001.js></script>' +
      '<script src=/assets/js/a.aaaa.js></script><p>/docs/a of build 1</p>' +
      '<script type=application/json data-reference-page=/openapi/x/pages/a.json>{}</script>',
  );
  expect(page('docs/b/index.html')).toContain('<p>/docs/b of build 2</p>');
  // What was collected of a copied page comes from the cache: the broken-link check and postBuild see every page.
  expect(result.collectedData).toEqual({
    '/': { links: ['/#link'], anchors: [], build: '1' },
    '/docs/a': { links: ['/docs/a#link'], anchors: [], build: '1' },
    '/docs/b': { links: ['/docs/b#link'], anchors: [], build: '2' },
  });
  // postBuild's checks learn which pages were copied (their results cannot have changed).
  expect([...copiedPages(outDir)].sort()).toEqual(['docs/a/index.html', 'index.html']);
  // A third build with nothing changed copies every page, the second build's included.
  const third = await build('3', 'c3');
  expect(third.rendered).toEqual([]);
  expect(page('docs/b/index.html')).toContain('runtime~main.c3.js');
  expect(page('docs/b/index.html')).toContain('<p>/docs/b of build 2</p>');
  // And one whose runtime has the same name (nothing changed at all): every page copied as it was.
  const before = page('docs/b/index.html');
  expect((await build('4', 'c3')).rendered).toEqual([]);
  expect(page('docs/b/index.html')).toBe(before);
});

test('a change to the template renders every page; so does a missing previous output or a copied page gone', async () => {
  chunks = { '/': 'home.aaaa', '/docs/a': 'a.aaaa', '/docs/b': 'b.aaaa' };
  await build('1', 'a1');
  const changed = await build('2', 'b2', '<meta name=y>');
  expect(changed.rendered).toEqual(routes);
  expect(changed.report.reason).toBe("the code, the template, a plugin's head tags or the installed packages changed");
  // The output folder lost a page (a hand edit, a stopped build): that page is rendered, the others copied.
  rmSync(path.join(outDir, 'docs/a/index.html'));
  expect((await build('3', 'c3', '<meta name=y>')).rendered).toEqual(['/docs/a']);
  rmSync(outDir, { recursive: true, force: true });
  const gone = await build('4', 'd4', '<meta name=y>');
  expect(gone.rendered).toEqual(routes);
  expect(gone.report.reason).toBe("the previous build's output is gone");
});

test("a page whose data file changed is rendered again, though its scripts' names did not change", async () => {
  chunks = { '/': 'home.aaaa', '/docs/a': 'a.aaaa', '/docs/b': 'b.aaaa' };
  data = { '/docs/a': '{"summary":"List"}' };
  await build('1', 'a1');
  data = { '/docs/a': '{"summary":"List them"}' };
  const { rendered } = await build('2', 'b2');
  expect(rendered).toEqual(['/docs/a']);
  expect(page('docs/a/index.html')).toContain('{"summary":"List them"}');
});

test('a docs metadata chunk is known by the shape the bundle step hinted, not by its name', async () => {
  const hint = (file: string, shape: string) => hints({ sidebars: [[`assets/js/${file}.js`, shape]] });
  // Every page names the metadata chunk (here, as the home page's chunk is named by all of them).
  chunks = { '/': 'meta.aaaa', '/docs/a': 'meta.aaaa', '/docs/b': 'meta.aaaa' };
  hint('meta.aaaa', 'shape-1');
  await build('1', 'a1');
  // A category's key changed: a new name, the same shape.
  chunks = { '/': 'meta.bbbb', '/docs/a': 'meta.bbbb', '/docs/b': 'meta.bbbb' };
  hint('meta.bbbb', 'shape-1');
  expect((await build('2', 'b2')).rendered).toEqual([]);
  // The copied page names the chunk's new file: the old one is gone from the build.
  expect(page('docs/a/index.html')).toContain('<script src=/assets/js/meta.bbbb.js>');
  expect(page('docs/a/index.html')).not.toContain('meta.aaaa');
  // A category's label changed: the shape too.
  chunks = { '/': 'meta.cccc', '/docs/a': 'meta.cccc', '/docs/b': 'meta.cccc' };
  hint('meta.cccc', 'shape-2');
  expect((await build('3', 'c3')).rendered).toEqual(routes);
});

test('a change to the code renders every page, the documents and guides being what the cache is for', async () => {
  chunks = { '/': 'home.aaaa', '/docs/a': 'a.aaaa', '/docs/b': 'b.aaaa' };
  mkdirSync(path.join(root, 'src/components/ApiOperation/pageData'), { recursive: true });
  const reader = path.join(root, 'src/components/ApiOperation/pageData/read.server.ts');
  writeFileSync(reader, 'export const version = 1;');
  await build('1', 'a1');
  expect((await build('2', 'b2')).rendered).toEqual([]);
  // A module the server's bundle alone has: no script of the browser's changes with it.
  writeFileSync(reader, 'export const version = 2;');
  const changed = await build('3', 'c3');
  expect(changed.rendered).toEqual(routes);
  expect(changed.report.reason).toBe("the code, the template, a plugin's head tags or the installed packages changed");
});

test('a page that does not name the runtime its cache entry was written with is rendered: another build wrote it', async () => {
  chunks = { '/': 'home.aaaa', '/docs/a': 'a.aaaa', '/docs/b': 'b.aaaa' };
  await build('1', 'a1');
  // A build without the cache (or a bare `docusaurus build`) wrote this page since.
  writeFileSync(path.join(outDir, 'docs/a/index.html'), '<script src=/assets/js/runtime~main.ffff.js></script>');
  expect((await build('2', 'b2')).rendered).toEqual(['/docs/a']);
});

/** A Docusaurus package of a few files under `folder`: its executor records what it was called with. */
function fakeDocusaurus(folder: string): string {
  const core = path.join(folder, 'node_modules/@docusaurus/core');
  mkdirSync(path.join(core, 'lib/ssg'), { recursive: true });
  mkdirSync(path.join(core, 'lib/commands/build'), { recursive: true });
  writeFileSync(path.join(core, 'package.json'), JSON.stringify({ name: '@docusaurus/core', version: '0.0.0-fake' }));
  writeFileSync(
    path.join(core, 'lib/ssg/ssgExecutor.js'),
    'exports.calls = []; exports.executeSSG = async (args) => { exports.calls.push(args.router); return { collectedData: {} }; };',
  );
  writeFileSync(path.join(core, 'lib/commands/build/buildLocale.js'), '');
  return path.join(core, 'lib/ssg/ssgExecutor.js');
}

test("the executor wrapped is the running build's (the copy whose build command is loaded), else the site's", () => {
  const site = fakeDocusaurus(path.join(root, 'site'));
  const other = fakeDocusaurus(path.join(root, 'other'));
  const loaded = (files: string[]) => Object.fromEntries(files.map((file) => [file, {} as NodeJS.Module]));
  const buildOf = (executor: string) => path.join(path.dirname(executor), '../commands/build/buildLocale.js');
  expect(runningExecutor(path.join(root, 'site'), loaded([site, other, buildOf(other)])).file).toBe(other);
  expect(runningExecutor(path.join(root, 'site'), loaded([other])).file).toBe(site);
});

test('on the hash router the wrapper hands over to Docusaurus; postBuild learns whether the render went through it', async () => {
  const file = fakeDocusaurus(path.join(root, 'site'));
  const installed = installPageCache(path.join(root, 'site'), cache, () => {}, {});
  expect(installed.wentThrough()).toBe(false);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the fake package is CommonJS, as Docusaurus is
  const executor = require(file) as { calls: string[]; executeSSG: (args: SsgArguments) => Promise<unknown> };
  await executor.executeSSG({ router: 'hash', props: props() });
  expect(executor.calls).toEqual(['hash']);
  expect(installed.wentThrough()).toBe(true);
  expect(existsSync(path.join(cache, pageCacheFile))).toBe(false);
});

test("a lazy table is known by its index: a new name (another route's category changed) is put in the copied page", async () => {
  // Each page names its table (here the one chunk it names); the table holds its route's category key for the browser.
  chunks = { '/': 'home.aaaa', '/docs/a': 'lazy-route-table-0.aaaa', '/docs/b': 'lazy-route-table-0.aaaa' };
  hints({
    tables: [['assets/js/lazy-route-table-0.aaaa.js', 0]],
    categories: [['/docs/a', 'assets/sidebar/k1.json']],
  });
  bundleExtra = ['sidebar/k1.json'];
  await build('1', 'a1');
  // /docs/b's category changed (its items, so its key and file), and with it the table both pages name.
  chunks = { '/': 'home.aaaa', '/docs/a': 'lazy-route-table-0.bbbb', '/docs/b': 'lazy-route-table-0.bbbb' };
  hints({
    tables: [['assets/js/lazy-route-table-0.bbbb.js', 0]],
    categories: [['/docs/a', 'assets/sidebar/k1.json']],
  });
  expect((await build('2', 'b2')).rendered).toEqual([]);
  expect(page('docs/a/index.html')).toContain('<script src=/assets/js/lazy-route-table-0.bbbb.js>');
  expect(page('docs/a/index.html')).not.toContain('lazy-route-table-0.aaaa');
  // /docs/a's own category changed: its render shows the category whole, so it is rendered.
  hints({
    tables: [['assets/js/lazy-route-table-0.bbbb.js', 0]],
    categories: [['/docs/a', 'assets/sidebar/k2.json']],
  });
  bundleExtra = ['sidebar/k2.json'];
  expect((await build('3', 'c3')).rendered).toEqual(['/docs/a']);
});

test('the time zone a page renders under is part of the digest: in another, every page renders again', async () => {
  chunks = { '/': 'home.aaaa', '/docs/a': 'a.aaaa', '/docs/b': 'b.aaaa' };
  const zone = process.env.TZ;
  try {
    process.env.TZ = 'UTC';
    await build('1', 'a1');
    expect((await build('2', 'b2')).rendered).toEqual([]);
    // Node reads TZ again when it is set: dates on the page would now be formatted in Tokyo's time.
    process.env.TZ = 'Asia/Tokyo';
    expect((await build('3', 'c3')).rendered).toEqual(routes);
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});
