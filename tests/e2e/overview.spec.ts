import type { JsonObject } from '../../src/core/openapi/document';
import { expect, gotoHydrated, test } from './support/fixtures';
import { builtDocument } from './support/openapi';

/**
 * The hand-written API pages show figures read from the documents, never typed by hand. The expectations are read
 * from the published documents here, not through the facts the pages render from, so a wrong fact fails.
 */

const data = builtDocument('data-v4');
const chat = builtDocument('chat-v1');

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/** A `#/components/...` reference followed, or the value itself. */
function deref(document: JsonObject, value: unknown): JsonObject {
  const ref = (value as JsonObject | undefined)?.$ref;
  if (typeof ref !== 'string') return (value ?? {}) as JsonObject;
  return deref(
    document,
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as JsonObject)[key], document),
  );
}

/** Each call of the document: path, method and the operation object. */
function calls(document: JsonObject): { path: string; method: string; operation: JsonObject }[] {
  return Object.entries(document.paths as JsonObject).flatMap(([path, item]) =>
    Object.entries(item as JsonObject)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({ path, method, operation: operation as JsonObject })),
  );
}

/** The error answers of the document's calls: status to its first description. */
function errors(document: JsonObject): Map<string, string> {
  const found = new Map<string, string>();
  for (const { operation } of calls(document)) {
    for (const [status, response] of Object.entries(operation.responses as JsonObject)) {
      if (!status.startsWith('2') && !found.has(status)) {
        found.set(status, deref(document, response).description as string);
      }
    }
  }
  return found;
}

test('/docs/ shows both APIs at a glance: base URLs, call counts, the 429 answer and every error', async ({ page }) => {
  await gotoHydrated(page, '/docs/');
  const main = page.locator('main');
  for (const document of [data, chat]) {
    const [server] = document.servers as JsonObject[];
    await expect(main.getByText(server.url as string, { exact: true })).toBeVisible();
    await expect(main.getByRole('cell', { name: new RegExp(`^${calls(document).length} \\(`) })).toBeVisible();
  }
  const dataErrors = errors(data);
  expect(dataErrors.has('429')).toBe(true);
  await expect(main).toContainText(dataErrors.get('429') ?? '');
  for (const status of dataErrors.keys()) {
    await expect(main.locator(`tr[data-status="${status}"]`).first()).toBeVisible();
  }
});

test('the Data API overview lists the paging limits of every call that pages, as in the document', async ({ page }) => {
  await gotoHydrated(page, '/docs/data-api/data');
  const paging = calls(data).flatMap(({ path, operation }) => {
    const parameters = ((operation.parameters ?? []) as unknown[]).map((parameter) => deref(data, parameter));
    const query = (name: string) =>
      parameters.find((parameter) => parameter.name === name && parameter.in === 'query')?.schema as
        JsonObject | undefined;
    const limit = query('limit');
    return limit ? [{ path, limit, offset: query('offset') }] : [];
  });
  expect(paging.length).toBeGreaterThan(20);
  for (const { path, limit, offset } of paging) {
    const row = page.locator(`tr[data-call="${path}"]`);
    await expect(row.locator('td').nth(1)).toHaveText(JSON.stringify(limit.maximum));
    await expect(row.locator('td').nth(2)).toHaveText(JSON.stringify(limit.default));
    await expect(row.locator('td').nth(3)).toHaveText(
      offset?.maximum === undefined ? 'no maximum' : JSON.stringify(offset.maximum),
    );
  }
  // Every call links to its own page: one page link per call, none shared.
  const pages = await page
    .locator('main a[href^="/docs/data-api/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const callPages = new Set(pages.filter((href) => !/^\/docs\/data-api\/(changelog.*|[^/]*\.md)?$/.test(href)));
  expect(callPages.size).toBe(calls(data).length);
});
