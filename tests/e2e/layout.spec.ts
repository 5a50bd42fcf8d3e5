import { readFileSync } from 'node:fs';
import path from 'node:path';
import { operationViews, schemaCatalog, schemaViews } from '../../src/core/openapi/view';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures';
import { OperationPage } from './support/pages';
import { sitemapPaths } from '../../tools/lib/links';
import { builtDocument } from './support/openapi';
import { specRoutes } from './support/routes';

/** How pages hold up where an integrator reads them: a 390 px phone, deep links, nested fields. */

const sitemapRoutes = sitemapPaths(readFileSync(path.resolve('build/sitemap.xml'), 'utf8'));

test('the sitemap has the routes the phone-width check walks', () => {
  expect(sitemapRoutes.length).toBeGreaterThan(100);
});

// In four parts, so the two workers share the walk (some 0.3 s a route alone, three times that beside a busy worker).
// The routes of spec §2 are also checked for code blocks whose buttons cover their first line (coveredFirstLines),
// once hydrated, in the same visit: a second walk of them at 390 px took some 20 s.
const parts = 4;
for (let part = 0; part < parts; part += 1) {
  const routes = sitemapRoutes.filter((_, index) => index % parts === part);
  test(`no route of the sitemap is wider than a 390 px phone, nor has a code block's first line under its buttons (part ${part + 1} of ${parts})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const wide: string[] = [];
    const covered: string[] = [];
    for (const route of routes) {
      const spec = specRoutes.includes(route);
      if (spec) await gotoHydrated(page, route);
      else await page.goto(route, { waitUntil: 'load' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`${route}: ${width}px`);
      if (spec) covered.push(...(await page.evaluate(coveredFirstLines)).map((box) => `${route} ${box}`));
    }
    expect(wide).toEqual([]);
    expect(covered).toEqual([]);
  });
}

test('every route of spec §2 is in the sitemap, so the phone walk checks its code blocks', () => {
  expect(specRoutes.filter((route) => !sitemapRoutes.includes(route))).toEqual([]);
});

const data = builtDocument('data-v4');
const championships = operationViews(data, 'data-v4').find((view) => view.path === '/championships')!;

test('on a phone an operation page shows the request sample before the parameters', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, `/docs/data-api/${championships.slug}`);
  const operation = new OperationPage(page);
  const sample = await operation.examples.boundingBox();
  const parameters = await operation.parametersSection.boundingBox();
  expect(sample!.y).toBeLessThan(parameters!.y);
});

test('on a phone the longest path of the Data API wraps only after a slash', async ({ page }) => {
  const longest = operationViews(data, 'data-v4').reduce((a, b) => (b.path.length > a.path.length ? b : a));
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, `/docs/data-api/${longest.slug}`);
  const path = page.locator('article code', { hasText: longest.path }).first();
  await expect(path).toHaveText(longest.path);
  // Each run of text between two break points (after a slash) on one line; the path itself on more than one, or
  // this page would not show how a path wraps.
  const lines = await path.evaluate((code) => {
    const linesOf = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set(Array.from(range.getClientRects(), (rect: DOMRect) => Math.round(rect.top))).size;
    };
    const parts = Array.from(code.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE);
    return { path: linesOf(code), parts: parts.map((part) => [part.textContent, linesOf(part)] as const) };
  });
  expect(lines.path).toBeGreaterThan(1);
  expect(lines.parts.filter(([, count]) => count > 1)).toEqual([]);
});

test('every parameter of a call has an anchor that scrolls to it and puts it in the address', async ({ page }) => {
  await gotoHydrated(page, `/docs/data-api/${championships.slug}`);
  for (const parameter of championships.parameters) {
    const item = new OperationPage(page).anchored(`parameter-${parameter.name}`);
    await expect(item).toHaveAttribute('data-parameter', parameter.name);
    await item.hover();
    await item.getByRole('link', { name: `Link to parameter ${parameter.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`#parameter-${parameter.name}$`));
    await expect(item).toBeInViewport();
  }
});

test("on a phone a footer link longer than the screen wraps: the footer lists every API, whatever its name's length", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/docs/');
  const link = page.locator('footer a.footer__link-item').first();
  await link.evaluate((element) => {
    element.textContent = 'Listen API: Podcast Search, Directory, and Insights API of a provider';
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect((await link.boundingBox())!.height).toBeGreaterThan(30);
});

test('a nested object opens in place, and a link to a field inside it opens the way there', async ({ page }) => {
  const catalog = schemaCatalog(data);
  const items = championships.responses[0].contents[0].schema!.children!.find((child) => child.name === 'items')!;
  const championship = catalog.node(items.schemaName!)!;
  const nested = championship.children!.find((child) => child.name === 'name')!;
  // Two levels down: a field of a named schema inside Championship (its game), each level fetched when it opens.
  const inner = championship.children!.find((child) => child.schemaName && child.schemaSize && !child.children)!;
  const innerField = catalog.node(inner.schemaName!)!.children![0];
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/openapi/data-v4/schemas/')) fetched.push(new URL(request.url()).pathname);
  });
  await gotoHydrated(page, `/docs/data-api/${championships.slug}`);
  const operation = new OperationPage(page);
  const field = operation.anchored('response-200-items');
  const nestedField = operation.anchored(`response-200-items-${nested.name}`);
  const button = field.locator(':scope > button');
  await expect(button).toHaveAccessibleName(`Show the ${championship.children!.length} fields of ${items.schemaName}`);
  await expect(nestedField).toHaveCount(0);
  expect(fetched).toEqual([]);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(nestedField).toBeVisible();
  expect(fetched).toEqual([`/openapi/data-v4/${items.schemaSlug}.json`]);
  // Still on the same page: the field opened in place.
  await expect(page).toHaveURL(new RegExp(`/docs/data-api/${championships.slug}$`));

  await gotoHydrated(page, `/docs/data-api/${championships.slug}#response-200-items-${nested.name}`);
  await expect(nestedField).toBeInViewport();

  const deep = operation.anchored(`response-200-items-${inner.name}-${innerField.name}`);
  await gotoHydrated(page, `/docs/data-api/${championships.slug}#response-200-items-${inner.name}-${innerField.name}`);
  await expect(deep).toBeInViewport();
});

test.describe('a nested schema that cannot be fetched', () => {
  // The failed fetch is what this test makes happen; the fixture would count it against the page.
  test.use({ allowProblems: true });

  test('says so, keeps the page, and fetches again on Try again', async ({ page }) => {
    const items = championships.responses[0].contents[0].schema!.children!.find((child) => child.name === 'items')!;
    let failing = true;
    await page.route(`**/openapi/data-v4/${items.schemaSlug}.json`, (route) =>
      failing ? route.fulfill({ status: 503, body: 'down' }) : route.fallback(),
    );
    await gotoHydrated(page, `/docs/data-api/${championships.slug}`);
    const field = new OperationPage(page).anchored('response-200-items');
    await field.locator(':scope > button').click();
    const alert = field.getByRole('alert');
    await expect(alert).toContainText(
      `The fields of ${items.schemaName} could not be loaded (the server answered 503)`,
    );
    await expect(alert.getByRole('link', { name: 'open its page' })).toHaveAttribute(
      'href',
      `/docs/data-api/${items.schemaSlug}`,
    );
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(field.getByRole('alert')).toHaveCount(0);
    await expect(new OperationPage(page).anchored('response-200-items-name')).toBeVisible();
  });
});

test('a long example shows its first lines and opens to all of them', async ({ page }) => {
  await gotoHydrated(page, `/docs/data-api/${championships.slug}`);
  const aside = new OperationPage(page).examples;
  const open = aside.getByRole('button', { name: /^Show all \d+ lines$/ });
  // The example's collapsible box, found before its button changes its name.
  const code = aside.locator('[data-open]').first().locator('pre');
  const closed = (await code.boundingBox())!.height;
  await open.click();
  await expect(aside.getByRole('button', { name: 'Show fewer lines' })).toBeVisible();
  expect((await code.boundingBox())!.height).toBeGreaterThan(closed * 2);
});

test('each documented status has its own example tab', async ({ page }) => {
  await gotoHydrated(page, `/docs/data-api/${championships.slug}`);
  const tabs = new OperationPage(page).statusTabs;
  await expect(tabs).toHaveText(championships.responses.map((response) => response.status));
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').filter({ hasText: championships.responses[1].description })).toBeVisible();
});

/**
 * The first-line boxes of each code block's text that a button of the block (copy, wrap) covers: Docusaurus draws
 * its buttons over the code, where they hid the end of the first line on hover at 1440 px and on a phone's tap.
 * Geometry only, so buttons not yet shown (opacity 0 until hover) count too.
 */
function coveredFirstLines(): string[] {
  const covered: string[] = [];
  document.querySelectorAll('.theme-code-block').forEach((block, index) => {
    const buttons = Array.from(block.querySelectorAll('button'), (button) => button.getBoundingClientRect());
    const code = block.querySelector('pre code');
    if (!code || buttons.length === 0) return;
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let firstTop: number | undefined;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of Array.from(range.getClientRects())) {
        if (box.width === 0 || !node.textContent?.trim()) continue;
        firstTop ??= box.top;
        if (Math.abs(box.top - firstTop) > 2) continue;
        const hit = buttons.some(
          (b) => box.right > b.left && box.left < b.right && box.bottom > b.top && box.top < b.bottom,
        );
        if (hit) covered.push(`block ${index + 1}: "${node.textContent.trim().slice(0, 30)}"`);
      }
    }
  });
  return covered;
}

// At 390 px in the sitemap walk above.
test("at 1440 px no code block's buttons cover its first line", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const covered: string[] = [];
  let blocks = 0;
  for (const route of specRoutes) {
    await gotoHydrated(page, route);
    blocks += await page.locator('.theme-code-block').count();
    covered.push(...(await page.evaluate(coveredFirstLines)).map((box) => `${route} ${box}`));
  }
  expect(blocks).toBeGreaterThan(5);
  expect(covered).toEqual([]);
});

/**
 * Words under the elements `selector` matches that the browser broke across two lines. A break between the pieces of
 * an identifier (a `<wbr>`, so between two text nodes) or at a space is a word's end; one inside a text node's word
 * is not.
 */
function brokenWords(selector: string): string[] {
  const broken: string[] = [];
  for (const element of Array.from(document.querySelectorAll(selector))) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}

const longestSchema = schemaViews(data, 'data-v4').reduce((a, b) => (b.name.length > a.name.length ? b : a));

for (const [width, height] of [
  [1440, 900],
  [390, 844],
]) {
  test(`at ${width} px a page's title breaks only between words, and clear of the page menu`, async ({ page }) => {
    expect(longestSchema.name.length).toBeGreaterThan(20);
    await page.setViewportSize({ width, height });
    // The longest schema name (one camel-case word), and a one-word title that did not fit beside the menu on a phone.
    for (const route of [`/docs/data-api/${longestSchema.slug}`, '/docs/webhooks']) {
      await gotoHydrated(page, route);
      const title = page.locator('.theme-doc-markdown h1');
      expect(await title.evaluate((h1) => h1.getClientRects().length)).toBe(1);
      expect(await page.evaluate(brokenWords, '.theme-doc-markdown h1'), route).toEqual([]);
      const menu = (await page.getByRole('button', { name: 'Page as Markdown' }).boundingBox())!;
      const box = (await title.boundingBox())!;
      const overlaps = box.x < menu.x + menu.width && menu.x < box.x + box.width;
      // Beside the menu, the title's text ends before it; otherwise the title starts below it.
      const textRight = await title.evaluate((h1) => {
        const range = document.createRange();
        range.selectNodeContents(h1);
        return Math.max(...Array.from(range.getClientRects(), (rect) => rect.right));
      });
      if (overlaps && box.y < menu.y + menu.height) expect(textRight, route).toBeLessThanOrEqual(menu.x);
    }
  });
}

test("the sidebar's schema names break only between their words", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, `/docs/data-api/${longestSchema.slug}`);
  const labels = page.locator('.theme-doc-sidebar-container .api-schema .menu__link');
  // The schema's own category is open: its names are laid out, the longest among them.
  await expect(labels.filter({ hasText: longestSchema.name })).toBeVisible();
  expect(await labels.count()).toBeGreaterThan(5);
  expect(await page.evaluate(brokenWords, '.theme-doc-sidebar-container .api-schema .menu__link')).toEqual([]);
});

test("on a phone the previous and next links' titles break only between words", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The schema pages next to the longest names: those names are some of the links' titles there.
  const views = schemaViews(data, 'data-v4');
  const longest = [...views].sort((a, b) => b.name.length - a.name.length).slice(0, 4);
  const broken: string[] = [];
  for (const view of longest) {
    for (const href of await neighbourLinks(page, `/docs/data-api/${view.slug}`)) {
      await gotoHydrated(page, href);
      broken.push(...(await page.evaluate(brokenWords, '.pagination-nav__label')));
      // Nor runs past its box: a title with no place to break would overflow instead of breaking.
      broken.push(
        ...(await page
          .locator('.pagination-nav__label')
          .evaluateAll((labels) =>
            labels
              .filter((label) => label.scrollWidth > label.clientWidth + 1)
              .map((label) => `${label.textContent} overflows`),
          )),
      );
    }
  }
  expect(broken).toEqual([]);
});

/** The pages the previous and next links of `route` lead to. */
async function neighbourLinks(page: Page, route: string): Promise<string[]> {
  await gotoHydrated(page, route);
  const links = page.locator('a.pagination-nav__link');
  expect(await links.count()).toBeGreaterThan(0);
  return links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
}
