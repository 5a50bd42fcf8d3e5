import type { Page, Request } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures';
import { OperationPage } from './support/pages';

/**
 * A reference page's data lives in a file of its own (src/core/openapi/pageData.ts): the page the server sent carries
 * it, a page reached by a link fetches it.
 */
const from = '/docs/data-api/get-championships';
const to = '/docs/data-api/get-championship';
const dataFile = (route: string) => `/openapi/data-v4/pages/${route.split('/').pop()}.json`;

function dataRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/pages/')) seen.push(request);
  });
  return seen;
}

const sidebarLink = (page: Page, route: string) => page.locator(`.theme-doc-sidebar-container a[href="${route}"]`);

test("the page the server sent carries its data: hydration fetches nothing, and the data can't run", async ({
  page,
}) => {
  const requests = dataRequests(page);
  await gotoHydrated(page, from);
  await expect(new OperationPage(page).parameters.first()).toBeVisible();
  const element = page.locator('script[data-reference-page]');
  await expect(element).toHaveAttribute('type', 'application/json');
  await expect(element).toHaveAttribute('data-reference-page', dataFile(from));
  const text = (await element.textContent()) ?? '';
  expect(text).not.toContain('<');
  expect((JSON.parse(text) as { kind: string }).kind).toBe('operation');
  expect(requests.map((request) => request.url())).toEqual([]);
});

test('a page reached by a link fetches its data once and shows it', async ({ page, request }) => {
  const requests = dataRequests(page);
  await gotoHydrated(page, from);
  const file = (await (await request.get(dataFile(to))).json()) as {
    operation: { summary: string; parameters: { name: string; in: string }[] };
  };
  await sidebarLink(page, to).click();
  await expect(page).toHaveURL(new RegExp(`${to}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(file.operation.summary);
  await expect(new OperationPage(page).parameters.first()).toBeVisible();
  const shown = await new OperationPage(page).parameters.evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-parameter')),
  );
  expect(shown).toEqual(file.operation.parameters.map((parameter) => parameter.name));
  expect(requests.map((item) => new URL(item.url()).pathname)).toEqual([dataFile(to)]);
});

test.describe('a data file that cannot be loaded', () => {
  test.use({ allowProblems: true });

  test('says so with the reason, and Retry loads it', async ({ page }) => {
    await gotoHydrated(page, from);
    await page.route(`**${dataFile(to)}`, (route) => route.fulfill({ status: 503, body: 'down' }));
    await sidebarLink(page, to).click();
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(alert).toContainText(`the server answered 503 for ${dataFile(to)}`);
    await page.unroute(`**${dataFile(to)}`);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(new OperationPage(page).parameters.first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  });
});
