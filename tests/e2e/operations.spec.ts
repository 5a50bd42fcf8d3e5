import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import type { Request } from '@playwright/test';
import { mockUrl } from '../../config/mock';
import { startMock, type MockServer } from '../../tools/mock/mockServer';
import { apiByKey } from '../../config/apis';
import { docsSidebarNavigation, Explorer, OperationPage, schemaField } from './support/pages';
import { listOperations, type JsonObject } from '../../src/core/openapi/document';
import { sampleLanguages } from '../../src/core/samples';
import { operationViews } from '../../src/core/openapi/view';
import { axe } from './support/axe';
import { expect, gotoHydrated, test } from './support/fixtures';
import { builtDocument } from './support/openapi';

const run = promisify(execFile);

/** The generated reference pages under /docs: one per operation and per schema, and the request explorer. */

const apis = [
  { id: 'data-v4', folder: 'data-api', document: builtDocument('data-v4') },
  { id: 'chat-v1', folder: 'chat-api', document: builtDocument('chat-v1') },
] as const;

test('there are as many operation pages as operations in the documents, each answering with its call', async ({
  request,
}) => {
  let pages = 0;
  for (const api of apis) {
    for (const view of operationViews(api.document, api.id)) {
      const response = await request.get(`/docs/${api.folder}/${view.slug}`);
      expect(response.status(), view.slug).toBe(200);
      const html = await response.text();
      expect(html).toContain(view.path);
      pages += 1;
    }
  }
  expect(pages).toBe(apis.reduce((sum, api) => sum + listOperations(api.document).length, 0));
});

test('the sidebar lists every operation of an API, grouped by its tags', async ({ page }) => {
  const data = apis[0];
  await gotoHydrated(page, `/docs/${data.folder}/${operationViews(data.document, data.id)[0].slug}`);
  const tags = (data.document.tags as { name: string }[]).map((tag) => tag.name);
  const sidebar = docsSidebarNavigation(page);
  for (const tag of tags) {
    const category = sidebar.locator('.menu__list-item-collapsible', { hasText: new RegExp(`^${tag}$`) });
    await expect(category.first()).toBeVisible();
    if ((await category.first().getAttribute('aria-expanded')) !== 'true')
      await category.first().locator('a, button').first().click();
  }
  // Collapsed categories render no items: the other API's calls are not counted.
  await expect(sidebar.locator('.api-method')).toHaveCount(listOperations(data.document).length);
});

test('an operation page shows each parameter with its minimum, maximum and default exactly as the document', async ({
  page,
}) => {
  const data = apis[0];
  const view = operationViews(data.document, data.id).find(
    (candidate) => candidate.path === '/players/{player_id}/history',
  );
  if (!view) throw new Error('the Data API document has no player history call');
  await gotoHydrated(page, `/docs/${data.folder}/${view.slug}`);
  await expect(page.locator('code').filter({ hasText: view.path }).first()).toBeVisible();
  for (const parameter of view.parameters) {
    const row = new OperationPage(page).parameter(parameter.name);
    await expect(row).toBeVisible();
    for (const [label, value] of [
      ['minimum', parameter.minimum],
      ['maximum', parameter.maximum],
      ['default', parameter.default],
    ] as const) {
      const constraint = row.locator(`[data-constraint="${label}"] dd`);
      if (value === undefined) await expect(constraint).toHaveCount(0);
      else await expect(constraint).toHaveText(typeof value === 'string' ? value : JSON.stringify(value));
    }
    await expect(row.getByText('required', { exact: true })).toHaveCount(parameter.required ? 1 : 0);
  }
});

test('entities no operation returns have schema pages too', async ({ page }) => {
  const schemas = (builtDocument('data-v4').components as JsonObject).schemas as JsonObject;
  for (const name of ['Item', 'Order', 'Placement', 'SpacePlayer']) {
    await gotoHydrated(page, `/docs/data-api/schemas/${name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const properties = Object.keys(((schemas[name] as JsonObject).properties as JsonObject | undefined) ?? {});
    for (const property of properties.slice(0, 5)) {
      await expect(schemaField(page, property)).toBeVisible();
    }
  }
});

test('the chosen code sample language is remembered across pages', async ({ page }) => {
  const [first, second] = operationViews(apis[0].document, apis[0].id);
  await gotoHydrated(page, `/docs/data-api/${first.slug}`);
  const python = sampleLanguages.find((language) => language.id === 'python')?.label ?? 'Python';
  await new OperationPage(page).sampleTab(python).click();
  await gotoHydrated(page, `/docs/data-api/${second.slug}`);
  const operation = new OperationPage(page);
  await expect(operation.sampleTab(python)).toHaveAttribute('aria-selected', 'true');
  await expect(operation.shownSample.locator('code').first()).toContainText('urllib.request');
});

test.describe('the request explorer', () => {
  test.describe.configure({ mode: 'serial' });
  let dataMock: MockServer;
  // The Chat API's mock (and its OAuth2 server) is oauth.spec.ts's: one mock per port.
  test.beforeAll(async () => {
    const port = (url: string) => Number(new URL(url).port);
    // The mock serves the document of the build under test, read from that build's output, never the one another
    // build (the hostile variant) last left in the shared generated folder.
    const start = (key: string) =>
      startMock(key, port(mockUrl(key)), { document: path.resolve('build/openapi', `${apiByKey(key).id}.json`) });
    dataMock = await start('data');
  });
  test.afterAll(async () => {
    await dataMock?.stop();
  });

  const key = 'explorer-test-key-7f3a';

  test('sends the request to the local mock and shows its 200 response; the key stays in sessionStorage', async ({
    page,
  }) => {
    const sent: Request[] = [];
    const consoleText: string[] = [];
    page.on('request', (request) => sent.push(request));
    page.on('console', (message) => consoleText.push(message.text()));
    await gotoHydrated(page, '/docs/data-api/get-games');
    const explorer = new Explorer(page);
    await explorer.chooseServer(mockUrl('data'));
    await explorer.credential('API key').fill(key);
    await explorer.parameter('limit').fill('2');
    await explorer.send();
    await expect(explorer.status).toContainText('200');
    await expect(explorer.form).toContainText(`${mockUrl('data')}/games?limit=2`);
    await expect(explorer.responseBody).toContainText('"items"');

    const withKey = sent.filter((request) => request.headers().authorization === `Bearer ${key}`);
    expect(withKey.map((request) => new URL(request.url()).origin)).toEqual([mockUrl('data')]);
    const pageOrigin = new URL(page.url()).origin;
    for (const request of sent.filter((candidate) => new URL(candidate.url()).origin === pageOrigin)) {
      expect(request.headers().authorization).toBeUndefined();
    }
    const storage = await page.evaluate(() => ({
      session: JSON.stringify({ ...sessionStorage }),
      local: JSON.stringify({ ...localStorage }),
      cookies: document.cookie,
    }));
    expect(storage.session).toContain(key);
    expect(storage.local).not.toContain(key);
    expect(storage.cookies).not.toContain(key);
    expect(consoleText.join('\n')).not.toContain(key);

    // The key is kept for the tab: another operation page of the same API has it already.
    await gotoHydrated(page, '/docs/data-api/get-championships');
    await expect(new Explorer(page).credential('API key')).toHaveValue(key);
  });

  test('a server-sent event stream is shown as it came, and the page says when it is complete', async ({ page }) => {
    // The server's answer decides how it is read: an event stream is shown as text, items in order, not as JSON.
    const events = 'event: kill\ndata: {"killer":"p1"}\n\nevent: round_end\ndata: {"winner":"a"}\n\n';
    await page.route(`${mockUrl('data')}/games*`, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' },
        body: events,
      }),
    );
    await gotoHydrated(page, '/docs/data-api/get-games');
    const explorer = new Explorer(page);
    await explorer.chooseServer(mockUrl('data'));
    await explorer.credential('API key').fill(key);
    await explorer.send();
    await expect(explorer.status).toContainText('200');
    await expect(explorer.responseBody).toContainText('event: kill');
    await expect(explorer.responseBody).toContainText('data: {"winner":"a"}');
    await expect(explorer.form).not.toContainText('Receiving the stream');
  });

  test('a limit over its maximum shows the validation message and sends nothing', async ({ page }) => {
    const data = apis[0];
    const view = operationViews(data.document, data.id).find((candidate) => candidate.slug === 'get-games');
    const maximum = view?.parameters.find((parameter) => parameter.name === 'limit')?.maximum;
    expect(maximum).toBeDefined();
    const toMock: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(mockUrl('data'))) toMock.push(request.url());
    });
    await gotoHydrated(page, '/docs/data-api/get-games');
    const explorer = new Explorer(page);
    await explorer.chooseServer(mockUrl('data'));
    await explorer.parameter('limit').fill(String((maximum ?? 0) + 400));
    await explorer.send();
    await expect(explorer.problems).toContainText(`limit must be at most ${maximum}, got ${(maximum ?? 0) + 400}`);
    expect(toMock).toEqual([]);
  });

  test('at 1440x900 the sample and Send are in the first screen, and an answer stays inside the right column', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, '/docs/data-api/get-championships');
    const explorer = new Explorer(page);
    const operation = new OperationPage(page);
    const aside = operation.examples;
    await expect(aside.locator('pre').first()).toBeInViewport({ ratio: 1 });
    await expect(explorer.form.getByRole('button', { name: 'Send request' })).toBeInViewport({ ratio: 1 });
    // The right column takes the place of the table of contents: nothing to overlap.
    await expect(page.locator('.table-of-contents')).toHaveCount(0);
    await explorer.chooseServer(mockUrl('data'));
    await explorer.credential('API key').fill(key);
    await explorer.parameter('game').fill('cs2');
    await explorer.send();
    await expect(explorer.status).toContainText('200');
    const column = await aside.boundingBox();
    const parts = await explorer.form.locator('input, select, textarea, button, pre').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { tag: element.tagName, left: box.left, right: box.right };
      }),
    );
    expect(parts.length).toBeGreaterThan(4);
    for (const part of parts) {
      expect(part.left, part.tag).toBeGreaterThanOrEqual(column!.x - 0.5);
      expect(part.right, part.tag).toBeLessThanOrEqual(column!.x + column!.width + 0.5);
    }
    // And the left column's text ends before the right column starts.
    const main = await operation.parameters.first().boundingBox();
    expect(main!.x + main!.width).toBeLessThanOrEqual(column!.x);
    // WCAG 2.2 AA with the explorer answered, as a reader sees it.
    const results = await axe(page).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('the environment Start here shows, pointed at the mock, runs the curl copied from an operation page: 200, the key sent', async ({
    page,
    context,
  }) => {
    const data = apiByKey('data');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/getting-started/intro/start-here');
    const block = await page
      .locator('pre')
      .filter({ hasText: `export ${data.baseUrlVariable}=` })
      .first()
      .innerText();
    // What a reader does with the block: their key in place of the placeholder, the mock in place of production.
    const environment = block
      .replace(
        new RegExp(`^export ${data.credential.variable}=.*$`, 'm'),
        `export ${data.credential.variable}=${key}-curl`,
      )
      .replace(
        new RegExp(`^export ${data.baseUrlVariable}=.*$`, 'm'),
        `export ${data.baseUrlVariable}=${dataMock.url}`,
      );
    await gotoHydrated(page, '/docs/data-api/get-championships');
    const operation = new OperationPage(page);
    await operation.sampleTab('curl').click();
    const panel = operation.shownSample;
    await panel.getByRole('button', { name: 'Copy code to clipboard' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The default base URL first, as a single-quoted word, then the call: the environment's variable wins.
    expect(copied).toMatch(new RegExp(`^base_url=\\$\\{${data.baseUrlVariable}:-'https://[^']+'\\}\\ncurl `));
    const { stdout } = await run('bash', ['-c', `set -e\n${environment}\n${copied}`], {
      env: { PATH: process.env.PATH },
    });
    expect(stdout).toContain('"items"');
    const sent = dataMock.received.filter((request) => request.headers.authorization === `Bearer ${key}-curl`);
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/^\/championships\?/);
  });

  test('what the reader types in the explorer is the request every sample shows; the answer shows its headers', async ({
    page,
  }) => {
    const nickname = 'Kestrel & Co';
    await gotoHydrated(page, '/docs/data-api/search-players');
    const explorer = new Explorer(page);
    const operation = new OperationPage(page);
    const shown = operation.shownSample;
    await operation.sampleTab('curl').click();
    await explorer.parameter('nickname').fill(nickname);
    await expect(shown).toContainText(`--data-urlencode 'nickname=${nickname}'`);
    await operation.sampleTab('Python').click();
    await expect(shown).toContainText(`("nickname", "${nickname}")`);
    await operation.sampleTab('Go').click();
    await expect(shown).toContainText(`query.Add("nickname", "${nickname}")`);
    await explorer.chooseServer(mockUrl('data'));
    // The samples follow the chosen server too.
    await expect(shown).toContainText(`baseURL = "${mockUrl('data')}"`);
    await explorer.credential('API key').fill(key);
    await explorer.send();
    await expect(explorer.status).toContainText('200');
    const headers = explorer.form.locator('details', { hasText: 'Response headers' });
    await headers.locator('summary').click();
    await expect(headers).toContainText('content-type');
  });
});
