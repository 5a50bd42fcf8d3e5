import { apiFacts } from '../../src/core/openapi/facts';
import { listOperations } from '../../src/core/openapi/document';
import { expect, gotoHydrated, test } from './support/fixtures';
import { builtDocument } from './support/openapi';

/** The hand-written API pages show figures read from the documents, never typed by hand. */

const data = builtDocument('data-v4');
const chat = builtDocument('chat-v1');

test('/docs/ shows both APIs at a glance: base URLs, call counts, the 429 answer and every error', async ({ page }) => {
  await gotoHydrated(page, '/docs/');
  const main = page.locator('main');
  for (const document of [data, chat]) {
    const facts = apiFacts(document, 'x', '/x');
    await expect(main.getByText(facts.baseUrl, { exact: true })).toBeVisible();
    await expect(main.getByRole('cell', { name: new RegExp(`^${listOperations(document).length} \\(`) })).toBeVisible();
  }
  const tooMany = apiFacts(data, 'data-v4', '/docs/data-api').errors.find((error) => error.status === '429');
  await expect(main).toContainText(tooMany?.description ?? 'no 429 in the document');
  for (const error of apiFacts(data, 'data-v4', '/docs/data-api').errors) {
    await expect(main.locator(`tr[data-status="${error.status}"]`).first()).toBeVisible();
  }
});

test('the Data API overview lists the paging limits of every call that pages, as in the document', async ({ page }) => {
  await gotoHydrated(page, '/docs/data-api/data');
  const facts = apiFacts(data, 'data-v4', '/docs/data-api');
  expect(facts.paging.length).toBeGreaterThan(20);
  for (const call of facts.paging) {
    const row = page.locator(`tr[data-call="${call.path}"]`);
    await expect(row.locator('td').nth(1)).toHaveText(String(call.limitMaximum));
    await expect(row.locator('td').nth(2)).toHaveText(String(call.limitDefault));
    await expect(row.locator('td').nth(3)).toHaveText(
      call.offsetMaximum === undefined ? 'no maximum' : String(call.offsetMaximum),
    );
  }
  // Every call links to its own page.
  const calls = facts.operations.flatMap((group) => group.calls);
  expect(calls).toHaveLength(facts.operationCount);
  for (const call of calls) {
    await expect(page.locator(`main a[href="/docs/data-api/${call.slug}"]`).first()).toBeVisible();
  }
});
