import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import { parse as parseHtml, type DefaultTreeAdapterMap } from 'parse5';
import path from 'node:path';
import { indexedPages } from '../../src/build/search-index/readIndex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitUntilAnswering } from '../../tools/lib/process';
import { runNode } from '../../src/build/node/runNode';
import { freePort } from '../../tools/lib/process';
import { appendApiRecords, copySite, type SiteCopy } from '../../tools/lib/siteCopy';
import { addRealApis, realDocuments } from '../../tools/lib/realDocuments';
import { chromium, type Browser } from '@playwright/test';
import { testChromiumLaunchOptions } from '../../tools/lib/chromium';
import { serveBuild, type RunningServer } from '../../tools/lib/staticServer';
import { operationViews, webhookViews } from '../../src/core/openapi/view';
import type { JsonObject } from '../../src/core/openapi/document';
import { productionBuild } from '../../tools/build/productionBuild';
import { withRunMarker } from '../../tools/lib/runMarker.mjs';
import { serverBundleApartFromRoutesVariable } from '../../config/build';
import { apis } from '../../config/apis';
import { changelogHistory } from '../../config/generated';
import { startSpecServer, type SpecServer } from '../fixtures/specServer';
import { parseDocumentText } from '../../src/core/openapi/parse';
import { referenceTagPages, splitReference, tagSlice } from '../../src/core/openapi/referencePages';

/**
 * A provider's own build of the portal, in a throw-away copy of the site, changed only where the provider changes it:
 * - its brand: config/brand.ts plus the documents, and the changelog histories recorded from them, are the provider's
 *   with its name (here Nimbus: the vendored ones with Arena replaced), and the built site carries no trace of the old
 *   brand;
 * - the Data API document taken from the provider's URL (DATA_API_SPEC_URL), as a deployment does, and published;
 * - a third API added by one record in config/apis.ts plus its document (a small fixture): its landing and overview
 *   pages, single-page reference, operation and schema pages, search entries, downloads, Markdown exports and mock
 *   all appear;
 * - a part of the real documents (tools/lib/realDocuments.ts; all of them are rendered in
 *   real-documents.integration.test.ts, built by `npm run bench -- --real`): every call gets a page that loads in
 *   Chromium without a console error.
 * One build for all: each is a full build of the site (some 50 CPU-s), and the test run is CPU-bound.
 */
type Element = DefaultTreeAdapterMap['element'];

/** The single page's call budget in this build (REFERENCE_PAGE_CALLS): the larger references are split by tag. */
const pageCallsVariable = 'REFERENCE_PAGE_CALLS';
const pageCalls = 15;
const rebrand = (text: string) =>
  text.replaceAll('arena', 'nimbus').replaceAll('Arena', 'Nimbus').replaceAll('ARENA', 'NIMBUS');
/** What the provider's Data API document says, so the published one can be told from the vendored one. */
const marker = 'Served by the remote-document build test';
let specServer: SpecServer;

/** Every element of a page (parse5), or under an element, in document order. */
function elementsOf(source: string | Element | undefined): Element[] {
  if (source === undefined) return [];
  const found: Element[] = [];
  const walk = (node: { childNodes?: unknown[] }) => {
    for (const child of (node.childNodes ?? []) as Element[]) {
      if ('tagName' in child) found.push(child);
      walk(child);
    }
  };
  walk(typeof source === 'string' ? parseHtml(source) : source);
  return found;
}
const attribute = (element: Element, name: string) => element.attrs.find((entry) => entry.name === name)?.value;
const textOf = (element: Element): string =>
  element.childNodes.map((node) => ('value' in node ? node.value : 'tagName' in node ? textOf(node) : '')).join('');
/** A call's section on a single page: labelled by its own title (`<slug>-title`). */
const isCallSection = (element: Element) =>
  element.tagName === 'section' && attribute(element, 'aria-labelledby') === `${attribute(element, 'id')}-title`;

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(html|js|css|json|yaml|md|txt|xml|svg)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const realInBuild = realDocuments.filter((document) =>
  ['doqs', 'mercure', 'adyen-transfers', 'codat-commerce', 'telegram'].includes(document.slug),
);
const record = `
  {
    key: 'stats',
    id: 'stats-v1',
    title: 'Stats API',
    vendored: 'openapi/stats-v1.yaml',
    urlVariable: 'STATS_API_SPEC_URL',
    folder: 'stats-api',
    overview: 'stats',
    credential: { kind: 'apiKey', variable: \`\${slug}_API_KEY\` },
    baseUrlVariable: \`\${slug}_STATS_API_URL\`,
    reference: { route: '/api/stats', title: 'Stats API reference', description: 'Every call of the Stats API.' },
    mock: { port: 4012, portVariable: 'MOCK_STATS_PORT' },
    prose: {
      description: 'The Stats API: season statistics.',
      card: 'Season statistics of every game, with an API key.',
      covers: 'The Stats API returns seasons and their statistics.',
      overviewTitle: 'Stats API v1 reference',
      intro: 'The Stats API answers read-only calls about seasons.',
      paging: { heading: 'Paging limits', text: 'Lists take a \\\`limit\\\`:' },
    },
  },`;

let site: SiteCopy;
let out: string;
let build: { code: number | null; output: string };
const read = (file: string) => readFileSync(path.join(out, file), 'utf8');

beforeAll(async () => {
  site = copySite(process.cwd(), 'provider-');
  out = path.join(site.dir, 'build');
  const brandFile = path.join(site.dir, 'config/brand.ts');
  writeFileSync(brandFile, rebrand(readFileSync(brandFile, 'utf8')));
  for (const api of apis) {
    for (const file of [api.vendored, changelogHistory(api)]) {
      writeFileSync(path.join(site.dir, file), rebrand(readFileSync(path.join(site.dir, file), 'utf8')));
    }
  }
  appendApiRecords(site.dir, record);
  writeFileSync(
    path.join(site.dir, 'openapi/stats-v1.yaml'),
    rebrand(readFileSync('tests/fixtures/apis/stats-v1.yaml', 'utf8')),
  );
  addRealApis(site.dir, realInBuild);
  const data = apis.find((api) => api.key === 'data');
  if (!data) throw new Error('config/apis.ts has no Data API');
  const vendored = parseDocumentText(readFileSync(path.join(site.dir, data.vendored), 'utf8'));
  specServer = await startSpecServer(
    { ...vendored, info: { ...(vendored.info as JsonObject), description: marker } },
    10,
  );
  // With the server's bundle made by a step of its own, as for a site past 2,000 routes (config/build.ts): the
  // pages below, and the real documents' in Chromium, are rendered from it.
  build = await productionBuild(
    [site.dir, '--out-dir', out],
    {
      ...process.env,
      [serverBundleApartFromRoutesVariable]: '1',
      [data.urlVariable]: specServer.url('/valid.yaml'),
      // Past 15 calls a single-page reference is split by tag, as an API past 1,000 calls is by default: the Data
      // API's (64 calls), Codat Commerce's (17 calls, 5 tags) and Telegram's (74 calls, 1 tag) are.
      [pageCallsVariable]: String(pageCalls),
    },
    (argv, env) => runNode(argv, { cwd: site.dir, env }),
  );
}, 240_000);
afterAll(async () => {
  await specServer?.stop();
});
afterAll(() => site?.remove());

describe('a third API added by one registry record', () => {
  test('builds, with its document resolved and its pages written', () => {
    expect(build.code, build.output).toBe(0);
    expect(build.output).toContain('[openapi-source] stats-v1: using the vendored document openapi/stats-v1.yaml');
    expect(build.output).toMatch(
      /\[bundle-apart\] \d+ routes: the browser's bundles here, the server's in a step of its own/,
    );
    expect(build.output).toContain(`[bundle-apart] the server's bundle, into ${out}`);
    // The render step removes the server's bundle once the pages are written, as after a build in one step.
    expect(existsSync(path.join(out, '__server'))).toBe(false);
  });

  test.each([
    ['its landing page', 'docs/stats-api/index.html', 'What the Stats API covers'],
    ['its overview', 'docs/stats-api/stats/index.html', 'Stats API v1 reference'],
    ['its single-page reference', 'api/stats/index.html', 'List seasons'],
    ['an operation page', 'docs/stats-api/list-seasons/index.html', 'List seasons'],
    ['a schema page', 'docs/stats-api/schemas/season/index.html', 'Season'],
  ])('has %s', (_name, file, text) => {
    expect(read(file)).toContain(text);
  });

  test('is in the sidebar of the API docs, after the other APIs', () => {
    const root = read('docs/index.html');
    expect(root.indexOf('Stats API')).toBeGreaterThan(root.indexOf('Chat API'));
  });

  test('is listed wherever the site lists its APIs: footer, landing cards, the /docs/ root and Start here', () => {
    const landing = parse(read('index.html'));
    const footer = landing.querySelector('footer');
    expect(footer?.querySelector('a[href="/docs/stats-api/"]')?.text).toBe('Stats API');
    const card = landing.querySelectorAll('main a[href="/docs/stats-api/"]');
    expect(card.map((link) => link.text).join(' ')).toContain('Season statistics of every game, with an API key.');
    const root = parse(read('docs/index.html'));
    const article = root.querySelector('article');
    expect(article?.querySelector('h3#stats-v1')?.text).toContain('Stats API');
    expect(article?.querySelector('a[href="/docs/stats-api/stats"]')?.text).toBe('Stats API overview');
    expect(article?.querySelectorAll('a[href="/api/stats"]').map((link) => link.text)).toContain('Stats API reference');
    expect(article?.text).toContain('The Stats API documents these:');
    const start = read('getting-started/intro/start-here/index.html');
    expect(start).toContain('NIMBUS_STATS_API_URL');
  });

  test("an operation whose page name is an overview's or the changelog's gets the next free one; the pages stay", () => {
    // The fixture's GET /seasons/changes has the operationId `changelog`.
    expect(build.output).toContain(
      'operation GET /seasons/changes would have the page name "changelog", which the portal keeps for a page of its own; it gets "changelog-2"',
    );
    expect(read('docs/stats-api/changelog-2/index.html')).toContain('/seasons/changes');
    // The changelog is still the changelog.
    expect(read('docs/stats-api/changelog.md')).not.toContain('/seasons/changes');
    expect(read('docs/stats-api/changelog/index.html')).not.toContain('List season changes');
  });

  test('publishes its document, and search and the exports carry its calls', () => {
    expect(JSON.parse(read('openapi/stats-v1.json'))).toHaveProperty('info.title', 'Stats API');
    expect(existsSync(path.join(out, 'openapi/stats-v1.yaml'))).toBe(true);
    const indexed = indexedPages(path.join(out, 'pagefind'));
    const searched = indexed.find((page) => page.url === '/docs/stats-api/list-seasons');
    expect(searched?.meta).toMatchObject({ title: 'List seasons', kind: 'operation', section: 'Stats API' });
    // The overview's prose is searched, its list of every call is not (each call is, on its own page).
    const overview = indexed.find((page) => page.url === '/docs/stats-api/stats');
    expect(overview?.content).toContain('All calls');
    expect(overview?.content).not.toContain('List seasons');
    expect(read('docs/stats-api/stats/index.html')).toContain('List seasons');
    expect(read('docs/stats-api/list-seasons.md')).toContain('GET /seasons');
    expect(read('llms.txt')).toContain('/docs/stats-api/list-seasons.md');
    expect(read('llms-full.txt')).toContain('List seasons');
  });

  test("search holds a call's names and descriptions, not the words every call repeats; the page keeps them", () => {
    const page = indexedPages(path.join(out, 'pagefind')).find((item) => item.url === '/docs/stats-api/list-seasons');
    expect(page?.content).toContain('limit Number of seasons to return.');
    // After each left-out label, the text goes on: the field after a type, the list after "with these fields".
    expect(page?.content).toMatch(/\bitems\b/);
    // Shown on the page, not searched: the words every call and field repeats.
    const repeated = [
      'Content type',
      'application/json',
      'integer',
      'SeasonList',
      'with these fields',
      'fields of Season',
    ];
    for (const words of repeated) expect(page?.content).not.toContain(words);
    // Only headings are kept as anchors: a result's sections are made of them, and a field's id was dead weight.
    expect(page?.anchors.map((anchor) => anchor.id)).toContain('parameters');
    expect(page?.anchors.every((anchor) => /^h[1-6]$/.test(anchor.element))).toBe(true);
    const html = read('docs/stats-api/list-seasons/index.html');
    expect(html).toMatch(/id="?parameter-limit\b/);
    for (const words of repeated) expect(html).toContain(words);
  });

  test('what search leaves out is marked on elements whose end tag the minified pages keep', () => {
    // A bodiless error is left out of search; the bodiless success the document lists after it is not (a mark on
    // the error's `<li>` took it out too).
    const page = indexedPages(path.join(out, 'pagefind')).find((item) => item.url === '/docs/stats-api/get-season');
    expect(page?.content).not.toContain('No season has this id');
    expect(page?.content).toContain('Unchanged since the time in If-Modified-Since.');
    expect(read('docs/stats-api/get-season/index.html')).toContain('No season has this id');
    // Pagefind reads a page without the end tags the minifier leaves out (`</p>`, `</li>`...): a mark on such an
    // element would leave out everything after it up to its parent's end (an error's item took the items after it).
    const optionalEnd =
      /<(p|li|dt|dd|tr|td|th|thead|tbody|tfoot|option|optgroup|colgroup|caption|rt|rp)\b[^>]*\sdata-search-skip\b/;
    // Call and schema pages, and the single-page references, which show the same components.
    const pages = ['docs', 'api'].flatMap((folder) =>
      readdirSync(path.join(out, folder), { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isFile() && entry.name === 'index.html',
      ),
    );
    const marked = pages
      .map((entry) => ({ file: path.join(entry.parentPath, entry.name) }))
      .map(({ file }) => ({ file, html: readFileSync(file, 'utf8') }))
      .filter(({ html }) => html.includes('data-search-skip'));
    expect(marked.length).toBeGreaterThan(10);
    expect(marked.filter(({ html }) => optionalEnd.test(html)).map(({ file }) => path.relative(out, file))).toEqual([]);
  });

  test("its webhooks get a page each: the payload's fields with anchors, the answer expected, a Markdown twin", () => {
    const html = read('docs/stats-api/webhooks/season-ended/index.html');
    // The build's HTML is minified: attribute values go unquoted.
    expect(html).toMatch(/data-webhook="?seasonEnded\b/);
    expect(html).toMatch(/id="?webhook-body-season_id\b/);
    expect(html).toContain('Your endpoint received it.');
    expect(read('docs/stats-api/webhooks/season-ended.md')).toContain('season_id');
    expect(read('llms.txt')).toContain('/docs/stats-api/webhooks/season-ended.md');
  });

  test('gets a mock from npm run mock, on its own port', async () => {
    const ports = {
      MOCK_DATA_PORT: await freePort(),
      MOCK_CHAT_PORT: await freePort(),
      MOCK_STATS_PORT: await freePort(),
    };
    // As `npm run mock` runs it: `node --import tsx`, one process. The tsx command relays a signal to its child and
    // kills it outright when the child has not answered within 30 ms, which on a loaded machine left every Prism
    // running.
    const mock = spawn(process.execPath, ['--import', 'tsx', 'tools/mock/main.ts'], {
      cwd: site.dir,
      env: withRunMarker({
        PATH: process.env.PATH ?? '',
        ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      }),
      detached: true,
      stdio: 'ignore',
    });
    try {
      const url = `http://127.0.0.1:${ports.MOCK_STATS_PORT}`;
      await waitUntilAnswering(url, { name: 'the Stats API mock', timeoutMs: 60_000 });
      const response = await fetch(`${url}/seasons?limit=1`, { headers: { Authorization: 'Bearer test' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ items: [{ season_id: 's1', name: 'Season 1' }] });
    } finally {
      if (mock.pid !== undefined) process.kill(-mock.pid, 'SIGTERM');
      await new Promise((resolve) => (mock.exitCode === null ? mock.once('exit', resolve) : resolve(undefined)));
    }
    // Stopped while the other mocks were still starting, it leaves no Prism behind (each runs in its own group).
    const leftovers = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('prism-cli') && line.includes(site.dir));
    expect(leftovers).toEqual([]);
  }, 90_000);
});

describe("the brand and the Data API document are the provider's", () => {
  test('the Data API document given by its URL is published, and the vendored one of the other API', () => {
    expect(build.code, build.output).toBe(0);
    expect(build.output).toContain(
      `[openapi-source] data-v4: using the remote document ${specServer.url('/valid.yaml')}`,
    );
    expect(build.output).toContain('[openapi-source] chat-v1: using the vendored document openapi/chat-v1.yaml');
    const published = JSON.parse(read('openapi/data-v4.json')) as JsonObject;
    expect((published.info as JsonObject).description).toBe(marker);
    expect(read('openapi/data-v4.yaml')).toContain(marker);
  });

  test('the build fetches the remote document once, and renders its pages from it, though it runs in steps', () => {
    expect(build.code, build.output).toBe(0);
    expect(specServer.hits('/valid.yaml')).toBe(1);
    const remote = `the remote document ${specServer.url('/valid.yaml')}`;
    expect(build.output).toContain(`[openapi-source] data-v4: using ${remote}, as this build's first step resolved it`);
    // The single-page reference shows the document's description (on each tag's page, the reference being split
    // here); a later step renders it.
    const [first] = referenceTagPages(JSON.parse(read('openapi/data-v4.json')) as JsonObject);
    expect(read(`api/data/${first.slug}/index.html`)).toContain(marker);
  });

  test('the rebranded site builds, with the brand in its routes', () => {
    expect(build.code, build.output).toBe(0);
    expect(read('getting-started/Guides/build-nimbus-apps/index.html')).toContain('Nimbus');
  });

  test('no page, script, export or download of the rebranded site names the old brand', () => {
    expect(build.code, build.output).toBe(0);
    const found: string[] = [];
    for (const file of textFiles(out)) {
      const match = /.{0,40}arena.{0,40}/i.exec(readFileSync(file, 'utf8'));
      if (match) found.push(`${path.relative(site.dir, file)}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });
});

describe('a single-page reference past REFERENCE_PAGE_CALLS calls', () => {
  test("is split by tag: its route lists the tags' pages, each holds its tag's calls, from a document of its own", () => {
    expect(build.code, build.output).toBe(0);
    const document = JSON.parse(read('openapi/data-v4.json')) as JsonObject;
    const pages = splitReference(document, pageCalls)!;
    expect(pages.length).toBeGreaterThan(3);
    // parse5, the HTML standard's parser: the minified pages' unquoted attributes lose node-html-parser its way.
    const index = elementsOf(read('api/data/index.html'));
    const linksAfter = (id: string) => {
      const list = index.find((element) => attribute(element, 'id') === id)?.parentNode as Element | undefined;
      const after = list?.childNodes.filter((node): node is Element => 'tagName' in node);
      const heading = after?.findIndex((node) => attribute(node, 'id') === id) ?? -1;
      return elementsOf(after?.[heading + 1])
        .filter((element) => element.tagName === 'a')
        .map((link) => [attribute(link, 'href'), textOf(link)]);
    };
    expect(linksAfter('tags')).toEqual(pages.map((page) => [`/api/data/${page.slug}`, page.name]));
    const webhooks = webhookViews(document, 'data-v4');
    expect(webhooks.length).toBeGreaterThan(0);
    expect(linksAfter('webhooks')).toEqual(webhooks.map((webhook) => [`/docs/data-api/${webhook.slug}`, webhook.name]));
    for (const webhook of webhooks) {
      expect(existsSync(path.join(out, 'docs/data-api', webhook.slug, 'index.html'))).toBe(true);
    }
    // No call is rendered on the index; its one first-level heading is the reference's title.
    expect(index.filter(isCallSection)).toHaveLength(0);
    const title = apis.find((api) => api.key === 'data')?.reference?.title;
    expect(index.filter((element) => element.tagName === 'h1').map(textOf)).toEqual([rebrand(title ?? '')]);
    const views = operationViews(document, 'data-v4');
    for (const page of pages) {
      const html = read(`api/data/${page.slug}/index.html`);
      const slice = tagSlice(document, page.tag);
      const slugs = operationViews(slice, 'data-v4').map((view) => view.slug);
      expect(
        elementsOf(html)
          .filter(isCallSection)
          .map((node) => attribute(node, 'id')),
      ).toEqual(slugs);
      expect(slugs.every((slug) => views.some((view) => view.slug === slug))).toBe(true);
      // The document the browser hydrates the page from: the tag's part of the published one (that the page takes it
      // for the build's is checked in Chromium, on the real documents' tag pages below).
      const published = JSON.parse(read(`openapi-reference/data-v4/${page.slug}.json`)) as JsonObject;
      expect(published).toEqual(slice);
    }
    expect(pages.reduce((sum, page) => sum + page.calls, 0)).toBe(views.length);
    // Its Markdown twins follow: the index lists the tags' twins, each tag's twin holds its calls.
    expect(read('api/data.md')).toContain(`](/api/data/${pages[0].slug}.md)`);
    expect(read(`api/data/${pages[0].slug}.md`)).toContain(
      `## ${views.find((view) => view.tags[0] === pages[0].tag)!.summary}`,
    );
  });

  test('a reference within the budget stays one page', () => {
    expect(build.code, build.output).toBe(0);
    expect(existsSync(path.join(out, 'openapi-reference/stats-v1'))).toBe(false);
    expect(read('api/stats/index.html')).toContain('List seasons');
  });
});

describe("real documents' descriptions", () => {
  test('make no broken link or anchor on the site: every link a description holds leads somewhere', () => {
    expect(build.code, build.output).toBe(0);
    expect(build.output).not.toMatch(/broken (links|anchors)/i);
  });

  test("are Markdown rendered as such, their site-relative links leading to the provider's site", () => {
    // Telegram's: "You **must** use exactly one of the fields *png\\_sticker* or *tgs\\_sticker*."
    const sticker = parse(read('docs/real-telegram/post-add-sticker-to-set/index.html'));
    const description = sticker
      .querySelectorAll('p')
      .find((paragraph) => paragraph.text.includes('exactly one of the fields'));
    expect(description?.querySelector('strong')?.text).toBe('must');
    expect(description?.querySelectorAll('em').map((element) => element.text)).toContain('png_sticker');
    expect(description?.text).not.toMatch(/[*\\]/);
    // Its `/bots#privacy-mode` is the provider's page (the document's externalDocs is core.telegram.org).
    const page = read('docs/real-telegram/schemas/force-reply/index.html');
    const hrefs = [...page.matchAll(/href="?([^" >]+)/g)].map((match) => match[1]);
    expect(hrefs).toContain('https://core.telegram.org/bots#privacy-mode');
    expect(hrefs.filter((href) => href.startsWith('/bots'))).toEqual([]);
  });
});

describe.each(realInBuild)('the real document $slug ($shape), added the same way', ({ slug }) => {
  test('builds every call into a page that loads in Chromium without a console error, samples shown', async () => {
    expect(build.code, build.output).toBe(0);
    const document = JSON.parse(read(`openapi/real-${slug}.json`)) as JsonObject;
    const routes = operationViews(document, slug).map((view) => `/docs/real-${slug}/${view.slug}`);
    for (const route of routes) expect(existsSync(path.join(out, route, 'index.html')), route).toBe(true);
    const { server, browser } = await (served ??= serve());
    const page = await browser.newPage();
    try {
      const errors: string[] = [];
      let current = '';
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${current}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${current}: ${error.message}`));
      // Chromium's console names no URL for a failed resource: record which one it was, from the browser's own
      // network events. Playwright's response events are not enough: a run once logged a 404 to the console for which
      // they reported no response.
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      const requested = new Map<string, string>();
      network.on('Network.requestWillBeSent', ({ requestId, request, type }) =>
        requested.set(requestId, `${type ?? 'request'} ${request.url}`),
      );
      network.on('Network.responseReceived', ({ requestId, response }) => {
        if (response.status >= 400)
          errors.push(`${current}: ${response.status} ${requested.get(requestId) ?? response.url}`);
      });
      // A reference past this build's budget is split by tag: each tag's page too.
      const tagRoutes = (splitReference(document, pageCalls) ?? []).map((tag) => `/api/real-${slug}/${tag.slug}`);
      for (const route of [...routes, `/api/real-${slug}`, ...tagRoutes]) {
        current = route;
        await page.goto(`${server.url}${route}`);
        if (route.startsWith('/docs/')) {
          // The request sample in its first language, and the explorer's Send button.
          await page.getByRole('tab', { name: 'curl' }).first().waitFor();
          await page.getByRole('button', { name: 'Send request' }).waitFor();
        }
        // A tag's page hydrates from its own document, the build's: then its sidebar marks the call scrolled to.
        if (tagRoutes.includes(route)) {
          await page.locator('main section[id] h3').last().scrollIntoViewIfNeeded();
          await page.locator('main [aria-current="location"]').first().waitFor();
          expect(await page.locator('main').getAttribute('data-reference-source'), route).toBe('build');
        }
      }
      if (['codat-commerce', 'telegram'].includes(slug)) expect(tagRoutes.length).toBeGreaterThan(0);
      if (tagRoutes.length > 0) {
        // The tag pages' routes load with them (src/plugins/lazy-routes), not with every page's main bundle; the
        // index's route stays there (so the check can find a route).
        const mainFile = readdirSync(path.join(out, 'assets/js')).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
        const main = read(`assets/js/${mainFile}`);
        expect(main).toContain(`"/api/real-${slug}"`);
        for (const route of tagRoutes) expect(main, route).not.toContain(`"${route}"`);
        // From the index to a tag's page in the page, without a new document: its table loads on the way.
        current = `/api/real-${slug} -> ${tagRoutes[0]}`;
        await page.goto(`${server.url}/api/real-${slug}`);
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        await page.locator(`main a[href="${tagRoutes[0]}"]`).first().click();
        await page.waitForURL(`${server.url}${tagRoutes[0]}`);
        await page.locator('main section[id] h3').first().waitFor();
        expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      }
      if (tagRoutes.length > 0) {
        // A path under the tag pages' folder that is no tag's: the server's 404 page, which the browser hydrates as
        // the not-found page too (its group finds no route there), without an error besides the 404 itself.
        current = `/api/real-${slug}/no-such-tag`;
        const response = await page.goto(`${server.url}${current}`);
        expect(response?.status()).toBe(404);
        await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
        await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
        const notFoundDocument = `${current}: 404 Document ${server.url}${current}`;
        const expected = errors.filter((error) => error === notFoundDocument || error.includes('404 (Not Found)'));
        expect(expected.length, errors.join('\n')).toBeGreaterThan(0);
        errors.splice(0, errors.length, ...errors.filter((error) => !expected.includes(error)));
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

/** One server of the build and one browser for the real documents' pages, started by the first that needs them. */
let served: Promise<{ server: RunningServer; browser: Browser }> | undefined;
async function serve() {
  return { server: await serveBuild(out), browser: await chromium.launch(testChromiumLaunchOptions()) };
}
afterAll(async () => {
  const running = await served;
  await running?.browser.close();
  await running?.server.stop();
});
