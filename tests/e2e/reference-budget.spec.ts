import { anchorId } from '../../src/core/openapi/anchors';
import { referenceModel, fullyRenderedCalls, webhookId } from '../../src/core/openapi/singlePage';
import { expect, gotoHydrated, test } from './support/fixtures';
import { builtDocument } from './support/openapi';
import { variantDir, variants, variantUrl } from './support/variants';

/**
 * A single-page reference past its budget of calls rendered in full (a document with more calls than
 * REFERENCE_FULL_CALLS, as the `hostile` variant is built): the server sends the first calls whole and the others as
 * their title, verb, path and a link to their own page; the browser opens each of those in place when it comes near
 * the screen or when the address points into it.
 */

const budget = Number(variants.hostile.env.REFERENCE_FULL_CALLS);
const document = builtDocument('data-v4', variantDir('hostile'));
const model = referenceModel(document, {
  api: 'data-v4',
  samples: { credentialVariable: 'X', baseUrlVariable: 'Y', fallbackServer: 'http://127.0.0.1:1', trustedOrigins: [] },
});
const calls = model.groups.flatMap((group) => group.calls);
const full = fullyRenderedCalls(model.groups, budget);
const summarized = calls.filter((view) => !full.has(view.slug));
const last = summarized[summarized.length - 1];
const url = (path: string) => `${variantUrl('hostile')}${path}`;

test('the document is past the budget, so both kinds of call are on the page', () => {
  expect(budget).toBeGreaterThan(0);
  expect(full.size).toBe(budget);
  expect(summarized.length).toBeGreaterThan(10);
});

test('without JavaScript every call has its section: the first in full, the others a summary linking its page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url('/api/data'));
  const ids = await page
    .locator('main section[aria-labelledby$="-title"]:not([data-webhook-section])')
    .evaluateAll((sections) => sections.map((section) => section.id));
  expect(ids).toEqual(calls.map((view) => view.slug));
  // The webhooks after the calls, each with its section too.
  const webhooks = await page
    .locator('main section[data-webhook-section]')
    .evaluateAll((sections) => sections.map((section) => section.id));
  expect(webhooks).toEqual(model.webhooks.map(webhookId));
  const summaries = page.locator('section[data-call="summary"]');
  expect(await summaries.evaluateAll((sections) => sections.map((section) => section.id))).toEqual(
    summarized.map((view) => view.slug),
  );
  // A call in full shows its parameters; a summary its verb and path, and the way to the whole call.
  await expect(page.locator(`#${calls[0].slug} h4`).first()).toBeAttached();
  const summary = page.locator(`#${last.slug}`);
  await expect(summary.locator('code')).toHaveText(`${last.method.toUpperCase()} ${last.path}`);
  await expect(summary.locator('h4')).toHaveCount(0);
  await summary.getByRole('link', { name: 'Read this call on its own page' }).click();
  await expect(page).toHaveURL(url(`/docs/data-api/${last.slug}`));
  await expect(page.locator('h1')).toHaveText(last.summary);
  await context.close();
});

test('a summarized call stays a summary until it comes near the screen, then opens in place', async ({ page }) => {
  await gotoHydrated(page, url('/api/data'));
  await page.waitForLoadState('networkidle');
  const section = page.locator(`#${last.slug}`);
  await expect(section).toHaveAttribute('data-call', 'summary');
  // The sidebar's scroll-spy watches the section element, which must stay the same one as it opens.
  await section.evaluate((element) => ((element as unknown as { marked: boolean }).marked = true));
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute('data-call', 'opened');
  await expect(section.locator('h4').first()).toBeVisible();
  expect(await section.evaluate((element) => (element as unknown as { marked?: boolean }).marked)).toBe(true);
  // Only the calls near the screen opened, not every call of the page.
  const opened = await page.locator('section[data-call="opened"]').count();
  expect(opened).toBeGreaterThan(0);
  expect(opened).toBeLessThan(summarized.length);
  // Opened in the browser, the hostile text is still text.
  expect(await page.evaluate(() => (window as { __hostile?: boolean }).__hostile)).toBeUndefined();
  expect(await section.locator('a[href^="javascript:" i], [onerror], [onclick]').count()).toBe(0);
});

test('an address pointing into a summarized call opens it and scrolls to what it names', async ({ page }) => {
  const call = [...summarized].reverse().find((view) => view.parameters.length > 0)!;
  const parameter = call.parameters[call.parameters.length - 1];
  const anchor = anchorId(call.slug, 'parameter', parameter.name);
  await gotoHydrated(page, url(`/api/data#${anchor}`));
  await expect(page.locator(`#${call.slug}`)).toHaveAttribute('data-call', 'opened');
  await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();

  // A fragment link followed later (the sidebar's, or a reader's) opens its call too.
  const other = summarized.find((view) => view.slug !== call.slug && view.parameters.length > 0)!;
  const otherAnchor = anchorId(other.slug, 'parameter', other.parameters[0].name);
  await page.evaluate((hash) => (window.location.hash = hash), otherAnchor);
  await expect(page.locator(`[id="${otherAnchor}"]`)).toBeInViewport();
});
