import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import { parseFeed } from 'feedsmith';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { openapiSource } from '../../build/siteOptions';
import { copySite, type SiteCopy } from '../../../tools/lib/siteCopy';
import openapiPagesPlugin from './index';

/**
 * The dev loop: `npm start` watches each API's document (getPathsToWatch) and reloads the plugin's content when one
 * changes; the plugin then writes the pages again and says so in one line. Run on a copy of the site.
 */
let site: SiteCopy;
beforeAll(() => {
  site = copySite(process.cwd(), 'pages-plugin-');
});
afterAll(() => site.remove());

test('writes the pages when created, and again with one line when a watched document changes', async () => {
  const logs: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
  try {
    const siteConfig = { url: 'https://developers.arena.example', baseUrl: '/' };
    const context = { siteDir: site.dir, siteConfig } as LoadContext;
    const plugin = await openapiPagesPlugin(context, openapiSource);
    const page = path.join(site.dir, 'docs/data-api/reference/get-games.mdx');
    expect(readFileSync(page, 'utf8')).toContain('title: "List games"');
    // The API's changelog page goes with its reference, its feed into the static folder.
    expect(readFileSync(path.join(site.dir, 'docs/data-api/reference/changelog.mdx'), 'utf8')).toContain(
      'slug: /data-api/changelog',
    );
    const feed = parseFeed(
      readFileSync(path.join(site.dir, '.generated/static/docs/data-api/changelog/atom.xml'), 'utf8'),
    );
    expect(feed.format).toBe('atom');
    expect((feed.feed as { links?: { rel?: string; href?: string }[] }).links).toContainEqual(
      expect.objectContaining({
        rel: 'self',
        href: 'https://developers.arena.example/docs/data-api/changelog/atom.xml',
      }),
    );
    const document = path.join(site.dir, 'openapi/data-v4.yaml');
    expect(plugin.getPathsToWatch?.()).toContain(document);

    await plugin.loadContent?.();
    expect(logs.filter((line) => line.includes('a document changed'))).toEqual([]);

    writeFileSync(
      document,
      readFileSync(document, 'utf8').replace("summary: 'List games'", "summary: 'List every game'"),
    );
    await plugin.loadContent?.();
    expect(readFileSync(page, 'utf8')).toContain('title: "List every game"');
    expect(logs.filter((line) => line.includes('a document changed'))).toEqual([
      expect.stringMatching(/^\[openapi-pages\] a document changed: regenerated \d+ pages$/),
    ]);
  } finally {
    spy.mockRestore();
  }
}, 60_000);
