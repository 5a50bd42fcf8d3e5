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
    });
  }
});
