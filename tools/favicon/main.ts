/**
 * Writes `static/favicon.ico` from `static/img/favicon.svg`: run it after changing the SVG (`npm run favicon`).
 * Pages name the SVG as their icon, but browsers still ask for `/favicon.ico` where no page names one (a JSON
 * download, `llms.txt`, a navigation left before the head was read), and feed readers and bookmark tools ask for it
 * first. Without the file each of those is a 404 in the server's log and in the browser's console.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../lib/chromium';
import { icoFromPngs } from './ico';
import { readCli } from '../lib/cli';

/** The sizes Windows and the browsers pick from for tabs, bookmarks and shortcuts. */
const sizes = [16, 32, 48];

const root = path.resolve(__dirname, '../..');

async function main() {
  readCli({
    command: 'npm run favicon',
    tag: '[favicon]',
    summary: `Writes static/favicon.ico (${sizes.join(', ')} px) from static/img/favicon.svg, drawn in Chromium: run it after changing the SVG.`,
    options: {},
  });
  const svg = readFileSync(path.join(root, 'static/img/favicon.svg'), 'utf8');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const images = [];
    for (const size of sizes) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}</style><img src="${source}" width="${size}" height="${size}">`,
      );
      await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
      const bytes = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      images.push({ width: size, height: size, bytes: new Uint8Array(bytes) });
      await page.close();
    }
    const ico = icoFromPngs(images);
    writeFileSync(path.join(root, 'static/favicon.ico'), ico);
    console.log(`static/favicon.ico: ${sizes.join(', ')} px, ${ico.length} bytes`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
