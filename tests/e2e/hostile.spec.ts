// cspell:words networkidle

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { siteScriptPages } from '../../config/inlineScripts';
import { foreignScripts, siteScripts } from '../../src/build/inlineScripts';
import { hostileMarkers } from '../fixtures/specServer';
import { expect, gotoHydrated, test } from './support/fixtures';
import { Explorer, SearchBox } from './support/pages';
import { variantDir, variantUrl } from './support/variants';

/**
 * A remote Data API document with `<script>`, event-handler attributes and `javascript:` links in its descriptions,
 * summaries, examples and contact URL (the `hostile` variant build) renders inert on every page that shows it.
 */
/** Each page, and whether it shows the hostile text (the root page shows figures only). */
const pages = [
  ['/api/data', true],
  ['/docs/data-api/get-championships', true],
  ['/docs/data-api/schemas/championship', true],
  ['/docs/data-api/data', true],
  ['/docs/webhooks', true],
  ['/docs/data-api/webhooks/hub-created', true],
  ['/docs/', false],
] as const;

/** What in a page could run code or send the reader away: unsafe links, handlers, injected scripts, refreshes. */
function liveMarkup() {
  return {
    links: Array.from(document.querySelectorAll('a[href]'))
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => /^\s*(javascript|data|vbscript):/i.test(href) || /^\s*(\/\/|\/\\)/.test(href)),
    handlers: Array.from(document.querySelectorAll('*')).flatMap((element) =>
      Array.from(element.attributes)
        .filter((attribute) => /^on/i.test(attribute.name))
        .map((attribute) => `${element.tagName}.${attribute.name}`),
    ),
    // Executable scripts only: JSON-LD data may quote the page title, as text.
    scripts: Array.from(document.querySelectorAll('script')).filter(
      (script) => ['', 'text/javascript', 'module'].includes(script.type) && script.textContent?.includes('__hostile'),
    ).length,
    refreshes: document.querySelectorAll('meta[http-equiv="refresh" i]').length,
    images: Array.from(document.querySelectorAll('img')).filter((image) => image.getAttribute('src') === 'x').length,
  };
}

test("every page of the hostile build holds no inline script but the site's own (so none gets a CSP hash)", () => {
  const root = variantDir('hostile');
  const allowed = siteScripts(
    Object.fromEntries(siteScriptPages.map((page) => [page, readFileSync(path.join(root, page), 'utf8')])),
  );
  const built = pages.map(([route]) => {
    const file = path.join(root, route.replace(/\/$/, ''), 'index.html');
    return { name: route, html: readFileSync(file, 'utf8') };
  });
  expect(built.filter((page) => page.html.includes('__hostile')).length).toBe(
    pages.filter(([, shows]) => shows).length,
  );
  expect(foreignScripts(built, allowed)).toEqual([]);
});

for (const [path] of pages) {
  test(`${path} is inert before any script runs (server-rendered HTML, JavaScript off)`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${variantUrl('hostile')}${path}`);
    expect(await page.evaluate(liveMarkup)).toEqual({ links: [], handlers: [], scripts: 0, refreshes: 0, images: 0 });
    await context.close();
  });
}

for (const [path, showsText] of pages) {
  test(`${path} shows the hostile text as text: no script runs and no such link is clickable`, async ({ page }) => {
    await page.goto(`${variantUrl('hostile')}${path}`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    // Let the live reference replace the server-rendered one, where there is one.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __hostile?: boolean }).__hostile)).toBeUndefined();
    expect(await page.evaluate(liveMarkup)).toEqual({ links: [], handlers: [], scripts: 0, refreshes: 0, images: 0 });
    // The reader sees what the document says, as text.
    if (showsText) await expect(page.getByText('window.__hostile = true').first()).toBeAttached();
  });
}

/** What the inline HTML of a description (`hostileMarkers.inlineHtml`) left in the page: the elements kept, nothing else. */
function inlineHtmlOnPage() {
  const summary = Array.from(document.querySelectorAll('details > summary')).find(
    (element) => element.textContent === 'Inline details',
  );
  const image = Array.from(document.querySelectorAll('a')).find((link) => link.textContent === 'Image: Rate chart');
  return {
    sup: Array.from(document.querySelectorAll('sup')).some((element) => element.textContent === '*'),
    sub: Array.from(document.querySelectorAll('sub')).some((element) => element.textContent === '2'),
    kbd: Array.from(document.querySelectorAll('kbd')).some((element) => element.textContent === 'Ctrl'),
    details: summary !== undefined && !summary.parentElement?.hasAttribute('open'),
    imageLink: image?.getAttribute('href') ?? null,
    table: Array.from(document.querySelectorAll('table')).some((table) => table.textContent === 'Limit100'),
    // Nothing else of it: no image, frame, object, form or script in SVG; no style on a table; no script text.
    foreign: document.querySelectorAll(
      'img[src="x"], img[src*=".example"], iframe, object, embed, svg script, form[action*="evil"], table[style], td[style], [formaction]',
    ).length,
    scriptText: document.body.innerText.includes('alert('),
  };
}

for (const path of ['/docs/data-api/get-championships', '/docs/data-api/schemas/championship', '/api/data']) {
  test(`${path} renders a description's inline HTML through the allow-list: kept elements as elements, nothing runs or loads`, async ({
    page,
    problems,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await gotoHydrated(page, `${variantUrl('hostile')}${path}`);
    // The single-page reference parses the document it loads with the browser's own parser (DOMParser): its trees
    // must be the build's, or hydration would complain on the console (which fails the test).
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(inlineHtmlOnPage)).toEqual({
      sup: true,
      sub: true,
      kbd: true,
      details: true,
      imageLink: 'https://images.example/chart.png',
      table: true,
      foreign: 0,
      scriptText: false,
    });
    await page.getByText('Inline details').first().click();
    await expect(page.getByText('Disclosed text').first()).toBeVisible();
    expect(dialogs).toEqual([]);
    expect(problems.externalRequests).toEqual([]);
    expect(await page.evaluate(() => (window as { __hostile?: boolean }).__hostile)).toBeUndefined();
  });
}

test("a description's inline HTML is rendered by the server too, before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${variantUrl('hostile')}/docs/data-api/get-championships`);
  const found = await page.evaluate(inlineHtmlOnPage);
  expect(found).toMatchObject({ sup: true, imageLink: 'https://images.example/chart.png', foreign: 0 });
  await context.close();
});

test('a link text whose target was unsafe is plain text, not a link', async ({ page }) => {
  await page.goto(`${variantUrl('hostile')}/docs/data-api/get-championships`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  const label = /\[([^\]]+)\]/.exec(hostileMarkers.link)?.[1] ?? '';
  await expect(page.getByText(label).first()).toBeVisible();
  await expect(page.getByRole('link', { name: label })).toHaveCount(0);
});

test('search results show the hostile text as text', async ({ page }) => {
  await page.goto(`${variantUrl('hostile')}/`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  const searchBox = new SearchBox(page);
  // The hostile operation summary starts with this word, so its result shows the injected markup as text.
  await searchBox.search('championships');
  await expect(searchBox.results).toContainText('window.__hostile');
  expect(await page.evaluate(() => (window as { __hostile?: boolean }).__hostile)).toBeUndefined();
  // Text found inside the hostile page has that page's title (the summary) in its result path, which the search
  // plugin once wrote into the dropdown as HTML: the `<img onerror>` ran, the `<meta refresh>` left the site.
  await searchBox.search('click me');
  await expect(searchBox.results).toContainText('onerror=');
  const injected = await page.evaluate(() => ({
    images: Array.from(document.querySelectorAll('[role="listbox"] img')).length,
    refreshes: document.querySelectorAll('meta[http-equiv="refresh" i]').length,
    handlers: Array.from(document.querySelectorAll('[role="listbox"] *')).flatMap((element) =>
      Array.from(element.attributes).filter((attribute) => /^on/i.test(attribute.name)),
    ).length,
  }));
  expect(injected).toEqual({ images: 0, refreshes: 0, handlers: 0 });
});

test('the Markdown exports carry the hostile text escaped or as code, never as live HTML', async ({ request }) => {
  for (const path of ['/docs/data-api/get-championships.md', '/llms-full.txt']) {
    const response = await request.get(`${variantUrl('hostile')}${path}`);
    expect(response.status()).toBe(200);
    // Inside code (fences and spans) markup is shown as written; everywhere else a Markdown viewer would render raw
    // tags, so there they must be escaped.
    const prose = (await response.text()).replace(/(`{3,})[\s\S]*?\1/g, '').replace(/`[^`\n]*`/g, '');
    expect(prose).not.toMatch(/<script>window\.__hostile/);
    expect(prose).not.toMatch(/<img src=x onerror/);
    expect(prose).not.toMatch(/<meta/);
    // An escaped bracket (`\]`) is text; a bare one before `(javascript:` or `: javascript:` would be a live link.
    expect(prose).not.toMatch(/(?<!\\)\](\(|:)\s*(<\s*)?javascript/i);
    expect(prose).toMatch(/&lt;script&gt;window\.\\_\\_hostile/);
    // A description's inline HTML is its Markdown or its words (its code span is cut above): no tag of it, and
    // nothing of a script. (The site's own tables without a header row stay HTML in the pages converted from HTML.)
    expect(prose).not.toMatch(/<\/?(sup|sub|kbd|details|summary|svg|iframe|object)\b|<form action|<table style|<b>/i);
    expect(prose).not.toContain('alert(');
    expect(prose).toContain('Calls: 2\\* a second, H2O, .');
    expect(prose).toContain('[Image: Rate chart](https://images.example/chart.png)');
  }
});

test("a server off the API's hosts is shown as documented, never the default, and Try it sends nothing there", async ({
  page,
}) => {
  // Hydrated first: a server chosen before React has the form is lost, and Send then calls the default one (seen once
  // the pages loaded sooner, without the harness intercepting every request).
  await gotoHydrated(page, `${variantUrl('hostile')}/docs/data-api/get-championships`);
  const explorer = new Explorer(page);
  const server = explorer.form.getByLabel('Server');
  await expect(server).not.toHaveValue(hostileMarkers.foreignServer);
  await expect(server.locator('option', { hasText: hostileMarkers.foreignServer })).toContainText(
    '(documented; not sent to)',
  );
  // The summary names the provider's server as the call's, and the foreign one as elsewhere.
  await expect(page.locator('article li', { hasText: /^Server: / })).toContainText('https://open.arena.example/');
  await expect(page.locator('[data-foreign-servers]')).toContainText(hostileMarkers.foreignServer);
  // The samples beside it default to the provider's server, not the call's first (foreign) one.
  await expect(page.locator('pre').filter({ hasText: 'curl' }).first()).not.toContainText('collector.example');
  await explorer.credential('API key').fill('a-key-that-must-stay-home');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await explorer.chooseServer(hostileMarkers.foreignServer);
  await explorer.send();
  await expect(explorer.problems).toContainText(
    "collector.example is named by the document but is not one of this API's own hosts",
  );
  expect(requests.filter((url) => url.includes('collector.example'))).toEqual([]);
});

test("a server's variables are fields of Try it that fill the samples, their text shown as text, and a host typed off the API's is refused", async ({
  page,
}) => {
  // Hydrated first: a choice made before React has the form is lost, and the sample would not follow it.
  await gotoHydrated(page, `${variantUrl('hostile')}/docs/data-api/get-games`);
  const explorer = new Explorer(page);
  const curl = page.locator('pre').filter({ hasText: 'curl' }).first();
  // The path's server, over the document's: its template on the page, each variable with its default and values.
  const server = page.locator('[data-server]');
  await expect(server).toContainText('Server: https://{host}/{version}');
  await expect(server.locator('[data-server-variable="version"]')).toHaveText(
    'version: default data/v4, one of data/v4, data/v4-preview. The API version.',
  );
  await expect(server.locator('[data-server-variable="host"]')).toContainText(hostileMarkers.handler);
  await expect(curl).toContainText("'https://open.arena.example/data/v4'");

  const version = explorer.serverVariable('version');
  await expect(version).toHaveValue('data/v4');
  await version.selectOption('data/v4-preview');
  await expect(curl).toContainText("'https://open.arena.example/data/v4-preview'");

  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await explorer.serverVariable('host').fill('collector.example');
  // A sample never calls a host off the API's: it keeps the server's default.
  await expect(curl).toContainText("'https://open.arena.example/data/v4'");
  await expect(curl).not.toContainText('collector.example');
  await explorer.send();
  await expect(explorer.problems).toContainText(
    "With these server values the request would go to collector.example, which is not one of this API's own hosts",
  );
  expect(requests.filter((url) => url.includes('collector.example'))).toEqual([]);
  expect(await page.evaluate(() => (window as { __hostile?: boolean }).__hostile)).toBeUndefined();
});

test('a webhook signing scheme that would break out of a sample is refused on the webhooks page, saying why', async ({
  page,
}) => {
  await page.goto(`${variantUrl('hostile')}/docs/webhooks`);
  await expect(page.locator('[data-signing-problem]')).toContainText('x-webhook-signing.signatureHeader must be');
  await expect(page.locator('[data-handlers]')).toHaveCount(0);
  // The events are listed still, their hostile text as text.
  await expect(page.locator('tr[data-event="hub_created"]')).toContainText('window.__hostile = true');
});
