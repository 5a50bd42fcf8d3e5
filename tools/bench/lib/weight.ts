import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';

/** Bytes a browser fetches loading a page: its JavaScript and everything, raw and gzipped. */
export interface Weight {
  jsRaw: number;
  jsGzip: number;
  totalRaw: number;
  totalGzip: number;
}

/**
 * A response's body as the browser received it. Chromium drops bodies from its buffer on a heavy page (at 16 times
 * today's documents `/api/data` is 21.7 MB of HTML), and a dropped body once counted as 0 bytes, which made a page
 * look lighter than it is. So a body the browser no longer has is fetched again (the bench's servers are static);
 * a redirect has none; anything else stops the run, naming the URL.
 */
async function bodyOf(response: Response): Promise<Buffer> {
  try {
    return await response.body();
  } catch (error) {
    if (response.status() >= 300 && response.status() < 400) return Buffer.alloc(0);
    const again = await fetch(response.url()).catch(() => undefined);
    if (again?.ok) return Buffer.from(await again.arrayBuffer());
    throw new Error(`[bench] the body of ${response.url()} could not be read: ${String(error)}`);
  }
}

export async function pageWeight(browser: Browser, url: string): Promise<Weight> {
  const page = await browser.newPage();
  const bodies: Promise<{ script: boolean; body: Buffer }>[] = [];
  page.on('response', (response) => {
    const script = response.request().resourceType() === 'script';
    const body = bodyOf(response).then((read) => ({ script, body: read }));
    // Awaited below with the others; until then a failure must not count as unhandled.
    body.catch(() => undefined);
    bodies.push(body);
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
