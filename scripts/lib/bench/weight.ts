import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** Bytes a browser fetches loading a page: its JavaScript and everything, raw and gzipped. */
export interface Weight {
  jsRaw: number;
  jsGzip: number;
  totalRaw: number;
  totalGzip: number;
}

export async function pageWeight(browser: Browser, url: string): Promise<Weight> {
  const page = await browser.newPage();
  const bodies: Promise<{ script: boolean; body: Buffer }>[] = [];
  page.on('response', (response) => {
    const script = response.request().resourceType() === 'script';
    bodies.push(
      response
        .body()
        .then((body) => ({ script, body }))
        .catch(() => ({ script, body: Buffer.alloc(0) })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const all = await Promise.all(bodies);
  await page.close();
  const sum = (items: typeof all, size: (body: Buffer) => number) =>
    items.reduce((total, item) => total + size(item.body), 0);
  const scripts = all.filter((item) => item.script);
  const gzip = (body: Buffer) => (body.length === 0 ? 0 : gzipSync(body).length);
  return {
    jsRaw: sum(scripts, (body) => body.length),
    jsGzip: sum(scripts, gzip),
    totalRaw: sum(all, (body) => body.length),
    totalGzip: sum(all, gzip),
  };
}
