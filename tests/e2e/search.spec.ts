import type { Page } from '@playwright/test';
import { isObject, listOperations, type JsonObject } from '../../src/core/openapi/document';
import { flattenSchema, operationSlug } from '../../src/core/openapi/view';
import { firstSearchQueryBudget } from '../../tools/bench/budgets';
import { axe } from './support/axe';
import { expect, gotoHydrated, test } from './support/fixtures';
import { builtDocument } from './support/openapi';
import { SearchBox } from './support/pages';
import { holdRequests } from './support/requests';
import { guideRoute } from './support/routes';

/**
 * Offline search (Pagefind's chunked index, our own box and results page): what it finds, what it downloads, and
 * how it behaves by keyboard, with a screen reader's roles, and on a phone.
 */

const data = builtDocument('data-v4');
const searchBox = (page: Page) => new SearchBox(page);

test('nothing of search loads with the page; the first query downloads only the index parts it needs', async ({
  page,
}) => {
  const bytes = new Map<string, number>();
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/pagefind/')) bytes.set(path, (await response.body()).length);
  });
  await gotoHydrated(page, guideRoute);
  await page.waitForLoadState('networkidle');
  expect([...bytes.keys()]).toEqual([]);
  await page.keyboard.press('Control+k');
  await expect(searchBox(page).input).toBeFocused();
  await searchBox(page).search('history');
  await page.waitForLoadState('networkidle');
  const total = [...bytes.values()].reduce((sum, size) => sum + size, 0);
  expect(
    [...bytes.keys()].some((path) => path.endsWith('/pagefind.js')),
    [...bytes.keys()].join('\n'),
  ).toBe(true);
  expect([...bytes.keys()].some((path) => path.includes('/index/'))).toBe(true);
  // Searched on the page's thread: Pagefind's worker, a second copy of its code, is not downloaded.
  expect([...bytes.keys()].filter((path) => path.includes('worker'))).toEqual([]);
  // Chunked: the query fetched some of the index's parts, not all of them.
  expect(total, [...bytes].map(([path, size]) => `${path} ${size}`).join('\n')).toBeLessThanOrEqual(
    firstSearchQueryBudget,
  );
});

test('"championships" lists the championship calls first', async ({ page }) => {
  await gotoHydrated(page, '/');
  const [first] = await searchBox(page).resultUrls('championships');
  const calls = listOperations(data)
    .filter(({ operation }) => (operation.tags as string[] | undefined)?.[0] === 'Championships')
    .map((ref) => `/docs/data-api/${operationSlug(data, ref)}`);
  expect(calls).toContain(first);
});

test('"arena_elo" finds every schema whose own fields carry it, and no example JSON', async ({ page }) => {
  const schemas = (data.components as JsonObject).schemas as JsonObject;
  const carriers = Object.keys(schemas).filter((name) => {
    const properties = flattenSchema(data, schemas[name]).properties;
    return isObject(properties) && 'arena_elo' in properties;
  });
  expect(carriers.length).toBeGreaterThan(1);
  await gotoHydrated(page, '/');
  const texts = await searchBox(page).search('arena_elo');
  for (const name of carriers)
    expect(
      texts.some((text) => text.startsWith(name)),
      `${name} in\n${texts.join('\n')}`,
    ).toBe(true);
  // Example bodies are not indexed: no result quotes a JSON member.
  expect(texts.join('\n')).not.toMatch(/"arena_elo"\s*:/);
});

test('one row per page: no page appears twice', async ({ page }) => {
  await gotoHydrated(page, '/');
  for (const query of ['elo', '429', 'hub members', 'limit']) {
    const urls = (await searchBox(page).resultUrls(query)).map((url) => url.split('#')[0].replace(/\/$/, ''));
    expect(new Set(urls).size, `${query}: ${urls.join(' ')}`).toBe(urls.length);
  }
});

test('a status code finds the page that explains it, not every call that returns it', async ({ page }) => {
  await gotoHydrated(page, '/');
  const urls = await searchBox(page).resultUrls('429');
  expect(urls[0]).toBe('/docs/#rate-limits');
  expect(urls.filter((url) => /^\/docs\/(data|chat)-api\/(get|search|post)-/.test(url))).toEqual([]);
});

test('each result shows its section; the results page filters by it and keeps the filter in the address', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const texts = await searchBox(page).search('hub members');
  expect(texts[0]).toMatch(/Data API/);
  expect(texts.some((text) => /Schemas/.test(text))).toBe(true);
  await searchBox(page).input.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=hub(\+|%20)members$/);
  // The results page's own list, once it holds this query's results.
  await expect(page.getByRole('status').filter({ hasText: /^\d+ results? for “hub members”\.$/ })).toBeVisible();
  const results = page.getByRole('main').getByRole('listitem');
  const all = await results.count();
  expect(all).toBeGreaterThan(1);
  await page.getByRole('button', { name: /^Schemas \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/section=Schemas/);
  await expect(page.getByRole('button', { name: /^Schemas/ })).toHaveAttribute('aria-pressed', 'true');
  const schemas = await results.allInnerTexts();
  expect(schemas.length).toBeGreaterThan(0);
  expect(schemas.length).toBeLessThan(all);
  for (const text of schemas) expect(text).toMatch(/Schemas$/m);
  // The filtered address, opened anew, shows the same filtered list.
  await page.reload();
  await expect(results).toHaveCount(schemas.length);
});

test('keyboard: arrows move through the results, Enter opens one, Escape closes the list', async ({ page }) => {
  await gotoHydrated(page, '/');
  const box = searchBox(page);
  const urls = await box.resultUrls('history');
  const index = urls.indexOf('/docs/data-api/get-player-history');
  expect(index).toBeGreaterThanOrEqual(0);
  await box.input.press('Escape');
  await expect(box.input).toHaveAttribute('aria-expanded', 'false');
  await expect(box.input).toBeFocused();
  await expect(box.input).toHaveValue('history');
  for (let step = 0; step <= index; step += 1) await box.input.press('ArrowDown');
  const active = await box.input.getAttribute('aria-activedescendant');
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('data-href', '/docs/data-api/get-player-history');
  await box.input.press('Enter');
  await expect(page).toHaveURL(/\/docs\/data-api\/get-player-history$/);
});

test('a section result lands on its anchor', async ({ page }) => {
  await gotoHydrated(page, '/');
  await searchBox(page).resultUrls('webhook signature');
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(/\/docs\/webhooks#check-the-signature-before-anything-else$/);
  await expect(page.locator('[id="check-the-signature-before-anything-else"]')).toBeInViewport();
});

test('a query without a match says so', async ({ page }) => {
  await gotoHydrated(page, '/');
  expect(await searchBox(page).search('zzqxnomatch')).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: 'No results for “zzqxnomatch”' })).toBeVisible();
});

test('focus stays where the reader put it while the index loads', async ({ page }) => {
  await gotoHydrated(page, guideRoute);
  const held = await holdRequests(page, /\/pagefind\/pagefind\.js$/);
  const box = searchBox(page);
  await box.input.click();
  await box.input.pressSequentially('hub');
  await held.arrived;
  // The reader moves on before search is ready.
  await page.keyboard.press('Tab');
  const moved = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
  held.release();
  await expect(box.results).toHaveAttribute('data-query', 'hub');
  expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))).toBe(moved);
  await expect(box.input).not.toBeFocused();
});

test.describe('without its index', () => {
  // The aborted requests are the point of the test.
  test.use({ allowProblems: true });

  test('offline or without an index, search says it is unavailable', async ({ page }) => {
    await gotoHydrated(page, guideRoute);
    await page.route(/\/pagefind\//, (route) => route.abort('internetdisconnected'));
    await searchBox(page).input.fill('history');
    await expect(page.getByRole('status').filter({ hasText: /^Search is unavailable/ })).toBeVisible();
  });
});

/** WCAG relative luminance of a CSS `rgb()` colour, and the contrast of two. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

test('the open list passes axe with results shown, and the chosen result keeps 4.5:1 contrast', async ({ page }) => {
  await gotoHydrated(page, guideRoute);
  const box = searchBox(page);
  await box.resultUrls('hub members');
  await box.input.press('ArrowDown');
  const chosen = page.locator('[role="option"][aria-selected="true"]');
  await expect(chosen).toHaveCount(1);
  for (const part of [chosen.locator('span').first(), chosen.locator('mark').first()]) {
    const [color, background] = await part.evaluate((element) => {
      let node: Element | null = element;
      let bg = 'rgba(0, 0, 0, 0)';
      while (node && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) {
        bg = getComputedStyle(node).backgroundColor;
        node = node.parentElement;
      }
      return [getComputedStyle(element).color, bg];
    });
    expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
  }
  const results = await axe(page).include('.navbar').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
});

test('the results page passes axe with results shown, and marks matches without a bright highlight', async ({
  page,
}) => {
  await gotoHydrated(page, '/search?q=rate+limit');
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  const results = await axe(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
  const background = await page
    .getByRole('main')
    .locator('mark')
    .first()
    .evaluate((mark) => getComputedStyle(mark).backgroundColor);
  expect(background).toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
});

test('on a phone the list opens across the screen below the navbar, and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, guideRoute);
  await searchBox(page).resultUrls('hub members');
  const popup = page.getByRole('listbox');
  const box = await popup.boundingBox();
  const navbar = await page.locator('.navbar').boundingBox();
  expect(box && navbar).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(box!.width).toBeGreaterThan(300);
  expect(box!.y).toBeGreaterThanOrEqual(navbar!.y + navbar!.height - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
