import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'yaml';
import { expect, gotoHydrated, test } from './support/fixtures';

const downloads = [
  ['/api/data', 'data-v4', 'Data API'],
  ['/api/chat', 'chat-v1', 'Chat API'],
  ['/docs/data-api/data', 'data-v4', 'Data API'],
  ['/docs/chat-api/chat', 'chat-v1', 'Chat API'],
] as const;

test.describe('the resolved OpenAPI documents are published and linked', () => {
  for (const [route, id, title] of downloads) {
    test(`${route} links the ${id} JSON and YAML downloads, and both parse`, async ({ page, request }) => {
      await gotoHydrated(page, route);
      for (const format of ['json', 'yaml'] as const) {
        const link = page.locator(`a[href="/openapi/${id}.${format}"]`);
        await expect(link).toBeVisible();
        const response = await request.get(`/openapi/${id}.${format}`);
        expect(response.status()).toBe(200);
        const document = (format === 'json' ? JSON.parse(await response.text()) : parse(await response.text())) as {
          openapi: string;
          info: { title: string };
        };
        expect(document.openapi).toMatch(/^3\.1\./);
        expect(document.info.title).toBe(title);
      }
      await expectPostmanLink(page, request, id, title);
    });
  }

  test('every operation page links its API’s Postman collection', async ({ page, request }) => {
    for (const [route, id, title] of [
      ['/docs/data-api/get-games', 'data-v4', 'Data API'],
      ['/docs/chat-api/post-room-message', 'chat-v1', 'Chat API'],
    ] as const) {
      await gotoHydrated(page, route);
      await expectPostmanLink(page, request, id, title);
    }
  });
});

/** The page links the API's collection, and it is a Postman collection of that API (newman runs it in CI). */
async function expectPostmanLink(page: Page, request: APIRequestContext, id: string, title: string) {
  const href = `/openapi/${id}.postman.json`;
  await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible();
  const response = await request.get(href);
  expect(response.status()).toBe(200);
  const collection = (await response.json()) as { info: { name: string; schema: string }; item: unknown[] };
  expect(collection.info.schema).toContain('schema.getpostman.com/json/collection/v2.1.0');
  expect(collection.info.name).toBe(title);
  expect(collection.item.length).toBeGreaterThan(0);
}
