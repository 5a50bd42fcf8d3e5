import type { Page } from '@playwright/test';
import { isObject, listOperations, type JsonObject } from '../../src/lib/openapi/document';
import { flattenSchema } from '../../src/lib/openapi/view';
import { expect, gotoHydrated, test } from './support/fixtures';
import { builtDocument } from './support/openapi';
import { SearchBox } from './support/pages';
import { guideRoute } from './support/routes';

/** Offline search over guides, operations and schemas: the index loads only when search is opened. */

const data = builtDocument('data-v4');
const searchInput = (page: Page) => new SearchBox(page).input;
const search = (page: Page, query: string) => new SearchBox(page).search(query);

test('the index loads only once search is opened, and Ctrl+K opens it', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await gotoHydrated(page, guideRoute);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path.startsWith('/search-index'))).toEqual([]);
  const scriptsBefore = new Set(requests.filter((path) => path.endsWith('.js')));
  await page.keyboard.press('Control+k');
  await expect(searchInput(page)).toBeFocused();
  await search(page, 'history');
  expect(requests.filter((path) => path.startsWith('/search-index'))).toHaveLength(1);
  // The search code itself (lunr, the autocomplete) arrives with the first search, not with the page.
  const scriptsAfter = requests.filter((path) => path.endsWith('.js') && !scriptsBefore.has(path));
  expect(scriptsAfter.length).toBeGreaterThan(0);
});

test('"championships" lists the championship operations', async ({ page }) => {
  await gotoHydrated(page, '/');
  const results = (await search(page, 'championships')).join('\n');
  const championshipCalls = listOperations(data)
    .filter(({ operation }) => (operation.tags as string[] | undefined)?.[0] === 'Championships')
    .map(({ operation }) => operation.summary as string);
  const found = championshipCalls.filter((summary) => results.includes(summary));
  expect(found.length, results).toBeGreaterThanOrEqual(1);
});

test('"arena_elo" finds the schemas that carry that field', async ({ page }) => {
  const schemas = (data.components as JsonObject).schemas as JsonObject;
  const carriers = Object.keys(schemas).filter((name) => {
    const properties = flattenSchema(data, schemas[name]).properties;
    return isObject(properties) && 'arena_elo' in properties;
  });
  expect(carriers.length).toBeGreaterThan(1);
  await gotoHydrated(page, '/');
  const results = await search(page, 'arena_elo');
  // Schema pages whose own fields hold arena_elo are among the results (others may match it in their examples).
  const found = carriers.filter((name) => results.some((text) => text.includes(name) && /Schemas/.test(text)));
  expect(found.length, results.join('\n')).toBeGreaterThan(1);
});

test('"history" finds the player history operation, and Enter on it lands on its page', async ({ page }) => {
  await gotoHydrated(page, '/');
  const results = await search(page, 'history');
  const index = results.findIndex((text) => text.includes("List a player's match history"));
  expect(index).toBeGreaterThanOrEqual(0);
  // The first result is selected as the results show; each ArrowDown moves one down.
  for (let step = 0; step < index; step += 1) await searchInput(page).press('ArrowDown');
  await searchInput(page).press('Enter');
  await expect(page).toHaveURL(/\/docs\/data-api\/get-player-history$/);
});

test('a heading result lands on its anchor', async ({ page }) => {
  await gotoHydrated(page, '/');
  await search(page, 'Match history with from and to');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Match history with from and to/ })
    .first()
    .click();
  await expect(page).toHaveURL(/retreiving-[a-z]+-data#match-history-with-from-and-to$/);
});

test('"webhook" finds the webhooks page first', async ({ page }) => {
  await gotoHydrated(page, '/');
  const [first] = await search(page, 'webhook');
  expect(first).toMatch(/^Webhooks/);
});

test('a query without a match says so', async ({ page }) => {
  await gotoHydrated(page, '/');
  expect(await search(page, 'zzqxnomatch')).toEqual([]);
  await expect(page.getByText('No results')).toBeVisible();
});
