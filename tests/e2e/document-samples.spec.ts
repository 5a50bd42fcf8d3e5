import MarkdownIt from 'markdown-it';
import { sampleLanguages } from '../../src/core/samples';
import { hostileSample, providerSamples } from '../fixtures/codeSamplesDocument';
import { axe } from './support/axe';
import { expect, gotoHydrated, test } from './support/fixtures';
import { OperationPage } from './support/pages';
import { variantUrl } from './support/variants';

/**
 * A call's own samples from its document (`x-codeSamples`), on the production build of a document that has them:
 * the `hostile` variant's Data API document gives its championships call a provider's samples (Python, a shell CLI,
 * Kotlin) and a hostile one (tests/fixtures/specServer.ts). hostile.spec.ts proves that page inert with JavaScript on
 * and off, and its Markdown twin and llms-full.txt with no live HTML.
 */

const url = (path: string) => `${variantUrl('hostile')}${path}`;
const championships = url('/docs/data-api/get-championships');
/** A call of the same document without samples of its own. */
const games = url('/docs/data-api/get-games');
const ownLabels = [...providerSamples.map((sample) => sample.label ?? sample.lang), hostileSample.label];
const own = (label: string) => `${label} (from the API's document)`;

test("the document's samples are the first tabs, named as it names them, the first shown and highlighted", async ({
  page,
}) => {
  await gotoHydrated(page, championships);
  const operation = new OperationPage(page);
  const tabs = operation.examples.getByRole('tablist', { name: 'Language' }).getByRole('tab');
  await expect(tabs).toHaveText([...ownLabels.map(own), ...sampleLanguages.map((language) => language.label)]);
  await expect(operation.examples).toContainText("The API's own samples come first; this portal's follow the rule.");
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  const shown = operation.shownSample;
  await expect(shown).toContainText("From the API's document; not run by this portal");
  await expect(shown.locator('pre')).toHaveClass(/\blanguage-python\b/);
  await expect(shown.locator('pre code')).toHaveText(providerSamples[0].source.trimEnd());
  // Highlighted by the site's own Python grammar: a keyword token, and the comment as a comment.
  await expect(shown.locator('.token.keyword', { hasText: 'import' })).toHaveCount(1);
  await expect(shown.locator('.token.comment')).toHaveText('# Every championship, newest first');
  // Kotlin, which has no grammar on the site, as C-like: its calls are tokens still.
  await operation.sampleTab(own('Kotlin SDK')).click();
  await expect(shown.locator('pre')).toHaveClass(/\blanguage-clike\b/);
  await expect(shown.locator('.token.function', { hasText: 'ArenaClient' })).toHaveCount(1);
  // The portal's Python is a tab of its own, told apart by name.
  await operation.sampleTab('Python').click();
  await expect(shown.locator('pre code')).toContainText('urllib.request');
  await expect(shown).not.toContainText("From the API's document");
});

test("a language the reader chose is remembered, over the document's samples; a document's sample is remembered too", async ({
  page,
}) => {
  await gotoHydrated(page, games);
  const operation = new OperationPage(page);
  await operation.sampleTab('Go').click();
  await gotoHydrated(page, championships);
  // The reader's language, not the document's first sample, on a call that has samples of its own.
  await expect(operation.sampleTab('Go')).toHaveAttribute('aria-selected', 'true');
  await expect(operation.shownSample.locator('pre code')).toContainText('net/http');

  await operation.sampleTab(own('Shell')).click();
  await expect(operation.shownSample.locator('pre code')).toHaveText(providerSamples[1].source.trimEnd());
  await gotoHydrated(page, championships);
  await expect(operation.sampleTab(own('Shell'))).toHaveAttribute('aria-selected', 'true');
  // A call without that sample shows its first tab: the portal's curl.
  await gotoHydrated(page, games);
  await expect(operation.sampleTab('curl')).toHaveAttribute('aria-selected', 'true');
  // The arrow keys walk every tab, the document's and the portal's, and wrap.
  await gotoHydrated(page, championships);
  await operation.sampleTab(own('Shell')).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(operation.sampleTab('Perl')).toBeFocused();
  await expect(operation.sampleTab('Perl')).toHaveAttribute('aria-selected', 'true');
});

test('the hostile sample is shown as the text it is, its name and language inert', async ({ page }) => {
  await gotoHydrated(page, championships);
  const operation = new OperationPage(page);
  await operation.sampleTab(own(hostileSample.label)).click();
  const shown = operation.shownSample;
  await expect(shown.locator('pre code')).toHaveText(hostileSample.source);
  await expect(shown.locator('pre')).toHaveClass(/\blanguage-text\b/);
  expect(await page.evaluate(() => (window as { __hostile?: boolean }).__hostile)).toBeUndefined();
  expect(await operation.examples.locator('script, img, [onerror]').count()).toBe(0);
  // What the copy button puts on the clipboard is the source as written.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await shown.getByRole('button', { name: 'Copy code to clipboard' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hostileSample.source);
});

test("the samples panel passes axe, and on a 390 px phone the tabs wrap within the page's width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, championships);
  const operation = new OperationPage(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const tabs = operation.examples.getByRole('tablist', { name: 'Language' });
  const box = await tabs.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  for (const tab of await tabs.getByRole('tab').all()) {
    const tabBox = await tab.boundingBox();
    expect(tabBox && tabBox.x + tabBox.width).toBeLessThanOrEqual(390);
  }
  const results = await axe(page).include('aside').analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('the single-page reference shows the same samples first on the call', async ({ page }) => {
  await gotoHydrated(page, url('/api/data'));
  const section = page.locator('section#get-championships');
  await section.scrollIntoViewIfNeeded();
  const tabs = section.getByRole('tablist', { name: 'Language' }).getByRole('tab');
  await expect(tabs.first()).toHaveText(own(ownLabels[0]));
  await expect(tabs).toHaveCount(ownLabels.length + sampleLanguages.length);
});

test("the call's Markdown twin and llms-full.txt carry each sample whole, in a fence no sample can close", async ({
  request,
}) => {
  const reader = new MarkdownIt();
  for (const path of ['/docs/data-api/get-championships.md', '/llms-full.txt']) {
    const response = await request.get(url(path));
    expect(response.status()).toBe(200);
    const markdown = await response.text();
    expect(markdown).toContain("Samples from the API's document");
    const fences = reader.parse(markdown, {}).filter((token) => token.type === 'fence');
    for (const sample of [...providerSamples, hostileSample]) {
      expect(
        fences.filter((fence) => fence.content === `${sample.source.trimEnd()}\n`).length,
        `${path}: ${sample.label ?? sample.lang}`,
      ).toBeGreaterThan(0);
    }
  }
});
