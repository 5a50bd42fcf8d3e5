import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures';
import { builtDocument } from './support/openapi';
import { ReferencePage } from './support/pages';
import type { JsonObject } from '../../src/core/openapi/document';

/**
 * Descriptions are Markdown, parsed when the pages are written (src/core/markdown/parse.ts) and rendered from the
 * parsed tree, their HTML through an allow-list; the single-page reference parses the document it loads
 * (src/core/markdown/browser.ts). A description a page has no tree for shows as plain text marked
 * `data-markdown="unparsed"`: none may.
 */

const dataDocument = builtDocument('data-v4');

async function expectAllParsed(page: Page): Promise<void> {
  await expect(page.locator('main')).toBeVisible();
  expect(await page.locator('[data-markdown="unparsed"]').count()).toBe(0);
}

test('every description on a call, a schema, an overview and a guide is rendered from its parsed tree', async ({
  page,
}) => {
  for (const route of [
    '/docs/data-api/get-championships',
    '/docs/data-api/schemas/championship',
    '/docs/data-api/data',
    '/docs/chat-api/post-room-message',
    '/getting-started/Guides/permissions',
  ]) {
    await gotoHydrated(page, route);
    await expectAllParsed(page);
  }
  // Code spans of a description are code: "The game, embedded when `expanded` includes `game`."
  await gotoHydrated(page, '/docs/data-api/schemas/championship');
  await expect(page.locator('[data-field="game_data"] code', { hasText: /^expanded$/ }).first()).toBeVisible();
});

test("a nested schema's fetched fields bring their parsed descriptions", async ({ page }) => {
  await gotoHydrated(page, '/docs/data-api/get-championships');
  const items = page.locator('#response-200-items');
  await items.locator(':scope > button').click();
  const game = page.locator('#response-200-items-game_data');
  await expect(game).toBeVisible();
  await expect(game.locator('code', { hasText: /^expanded$/ }).first()).toBeVisible();
  await expectAllParsed(page);
});

test('the single-page reference parses a runtime document: headings, tables, code, links and allowed HTML render as such', async ({
  page,
}) => {
  const info = dataDocument.info as JsonObject;
  const description = [
    '## What changed',
    '',
    '| Call | Limit |',
    '|:-----|------:|',
    '| `GET /games` | **100** |',
    '',
    'See [the championships call](#operation/getChampionships) and <b>bold HTML</b>, 2<sup>*</sup>,',
    '<img src="https://images.example/c.png" alt="Chart"> <img src=x onerror="window.__runtime = 1">',
    '<script>window.__runtime = 2</script><a href="javascript:window.__runtime = 3">unsafe</a>.',
    '',
    '```json',
    '{ "limit": 100 }',
    '```',
  ].join('\n');
  await page.route('**/openapi/data-v4.json', (route) =>
    route.fulfill({ json: { ...dataDocument, info: { ...info, title: 'Data API (runtime)', description } } }),
  );
  await gotoHydrated(page, '/api/data');
  await expect(new ReferencePage(page).source('runtime')).toBeVisible({ timeout: 20_000 });
  const header = page.locator('header').filter({ has: page.getByRole('heading', { name: /Data API \(runtime\)/ }) });
  await expect(header.getByRole('heading', { level: 2, name: 'What changed' })).toBeVisible();
  await expect(header.locator('table th').nth(1)).toHaveText('Limit');
  await expect(header.locator('table td code')).toHaveText('GET /games');
  await expect(header.locator('table td strong')).toHaveText('100');
  await expect(header.getByRole('link', { name: 'the championships call' })).toHaveAttribute(
    'href',
    '/docs/data-api/get-championships',
  );
  await expect(header.locator('pre code')).toContainText('"limit": 100');
  // Its HTML read by the browser's own parser (DOMParser), through the allow-list: what it keeps as elements (a `<b>`
  // as `<strong>`, an image as a link to it), nothing of the rest.
  await expect(header.locator('strong', { hasText: 'bold HTML' })).toBeVisible();
  await expect(header.locator('sup')).toHaveText('*');
  await expect(header.getByRole('link', { name: 'Image: Chart' })).toHaveAttribute(
    'href',
    'https://images.example/c.png',
  );
  await expect(header.locator('b, img, script')).toHaveCount(0);
  await expect(header).toContainText('unsafe.');
  await expect(header.getByRole('link', { name: 'unsafe' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __runtime?: number }).__runtime)).toBeUndefined();
  await expectAllParsed(page);
});

test('the server-rendered single-page reference shows parsed descriptions before any script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/api/data');
    await expect(page.locator('header code', { hasText: /^Authorization$/ }).first()).toBeVisible();
    expect(await page.locator('[data-markdown="unparsed"]').count()).toBe(0);
  } finally {
    await context.close();
  }
});
