import type { Page } from '@playwright/test';

export interface PageWeight {
  javascriptBytes: number;
  totalBytes: number;
  scripts: string[];
}

/**
 * Loads a page and adds up the uncompressed bytes of every response it fetched, as Chromium received them, until the
 * network is idle (so lazily loaded chunks count too).
 */
export async function measurePageWeight(page: Page, path: string): Promise<PageWeight> {
  const sizes: Promise<{ url: string; bytes: number; isScript: boolean }>[] = [];
  page.on('response', (response) => {
    const isScript = response.request().resourceType() === 'script';
    sizes.push(
      response
        .body()
        .then((body) => ({ url: response.url(), bytes: body.length, isScript }))
        .catch(() => ({ url: response.url(), bytes: 0, isScript })),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  const all = await Promise.all(sizes);
  const scripts = all.filter((entry) => entry.isScript);
  return {
    javascriptBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
    totalBytes: all.reduce((sum, entry) => sum + entry.bytes, 0),
    scripts: scripts.map((entry) => entry.url),
  };
}
