import { readFileSync } from 'node:fs';
import { parseFeed } from 'feedsmith';
import type { ChangelogHistory } from '../../src/build/pipeline/changelog/history';
import { getOperation } from '../../src/core/openapi/document';
import { badgeDays } from '../../src/core/changelog';
import { readVendoredDocument } from '../fixtures/vendored';
import { operationSlug } from '../../src/core/openapi/view';
import { expect, gotoHydrated, test } from './support/fixtures';
import { ChangelogPage, docsSidebarNavigation } from './support/pages';

/** What `specs:pull` recorded, read from the committed history: the pages must show exactly this. */
const history = JSON.parse(readFileSync('openapi/changelog/data-v4.json', 'utf8')) as ChangelogHistory;
const latest = history.entries.at(-1)!;
const breaking = latest.changes.filter((change) => change.breaking);

test.describe('the API changelog', () => {
  test('shows the latest entry, breaking changes first, every change listed', async ({ page }) => {
    await gotoHydrated(page, '/docs/changelog');
    const entry = new ChangelogPage(page).entry('data-v4', latest.id);
    await expect(entry.getByRole('heading', { level: 2 })).toContainText(`${latest.date} · Data API`);
    if (latest.note) await expect(entry).toContainText(latest.note);
    const items = entry.locator('li');
    await expect(items).toHaveCount(latest.changes.length);
    const labels = await items.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
    expect(labels.slice(0, breaking.length).every((label) => label.startsWith('Breaking'))).toBe(true);
    expect(labels.slice(breaking.length).some((label) => label.startsWith('Breaking'))).toBe(false);
  });

  test('a change links to what changed, on its reference page and at its anchor', async ({ page }) => {
    await gotoHydrated(page, '/docs/data-api/changelog');
    const change = breaking.find((candidate) => candidate.schema && candidate.field)!;
    await page.getByRole('link', { name: change.where }).first().click();
    await expect(page).toHaveURL(new RegExp(`/docs/data-api/schemas/[a-z-]+#field-${change.field}$`));
    await expect(page.locator(`#field-${change.field}`)).toBeInViewport();
  });

  test('filters by API and to breaking changes, and keeps the filter in the address', async ({ page }) => {
    await gotoHydrated(page, '/docs/changelog');
    const changelog = new ChangelogPage(page);
    const entry = changelog.entry('data-v4', latest.id);
    await changelog.breakingOnly.check();
    await expect(entry.getByRole('heading', { name: 'Other changes' })).toHaveCount(0);
    await expect(entry.locator('li')).toHaveCount(breaking.length);
    await expect(page).toHaveURL(/[?&]breaking=1/);
    await changelog.apiFilter.selectOption('chat-v1');
    await expect(changelog.status).toContainText('0 entries shown');
    await expect(entry).toHaveCount(0);
    await gotoHydrated(page, '/docs/changelog?api=data-v4&breaking=1');
    await expect(changelog.breakingOnly).toBeChecked();
    await expect(changelog.apiFilter).toHaveValue('data-v4');
    await expect(entry.locator('li')).toHaveCount(breaking.length);
  });

  for (const [route, entries] of [
    ['/docs/changelog', history.entries.length],
    ['/docs/data-api/changelog', history.entries.length],
    ['/docs/chat-api/changelog', 0],
  ] as const) {
    test(`${route} announces an Atom feed that parses and carries its entries`, async ({ page }) => {
      await gotoHydrated(page, route);
      const changelog = new ChangelogPage(page);
      const link = changelog.feedLink;
      await expect(link).toHaveCount(1);
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toBe(`${route}/atom.xml`);
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/xml/);
      const parsed = parseFeed(await response.text());
      expect(parsed.format).toBe('atom');
      const feed = parsed.feed as { entries?: { links?: { href?: string }[] }[] };
      expect(feed.entries ?? []).toHaveLength(entries);
      await expect(changelog.entries).toHaveCount(entries);
    });
  }

  test('a call changed within the last badgeDays carries a badge linking to its entry; older changes carry none', async ({
    page,
  }) => {
    const change = breaking.find((candidate) => candidate.parameter)!;
    const recent = Date.now() - Date.parse(`${latest.date}T00:00:00Z`) < badgeDays * 24 * 60 * 60 * 1000;
    const [method = '', path = ''] = change.operation?.split(' ') ?? [];
    const data = readVendoredDocument('data');
    await gotoHydrated(page, `/docs/data-api/${operationSlug(data, getOperation(data, path, method.toLowerCase()))}`);
    const badge = page.locator(`#parameter-${change.parameter}`).getByRole('link', { name: /change on/ });
    if (!recent) {
      await expect(badge).toHaveCount(0);
      return;
    }
    await expect(badge).toHaveAccessibleName(
      `parameter ${change.parameter}: breaking change on ${latest.date}, see the changelog`,
    );
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`/docs/data-api/changelog#${latest.id}$`));
    await expect(page.locator(`[id="${latest.id}"]`)).toBeInViewport();
  });

  test('each API overview and the API sidebar lead to the changelogs', async ({ page }) => {
    await gotoHydrated(page, '/docs/data-api/data');
    await expect(page.locator('article').getByRole('link', { name: 'changelog', exact: true })).toHaveAttribute(
      'href',
      '/docs/data-api/changelog',
    );
    await expect(page.locator('article').getByRole('link', { name: 'Atom feed', exact: true })).toHaveAttribute(
      'href',
      '/docs/data-api/changelog/atom.xml',
    );
    const sidebar = docsSidebarNavigation(page);
    await expect(sidebar.getByRole('link', { name: 'Changelog', exact: true })).toHaveCount(3);
  });
});
