import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The robots.txt of a site at `url` + `baseUrl`: every page may be indexed (spec §2), and where the sitemap is. */
export function robotsTxt(url: string, baseUrl: string): string {
  return [
    '# The portal is public documentation: every page may be indexed.',
    'User-agent: *',
    'Allow: /',
    '',
    `Sitemap: ${url.replace(/\/+$/, '')}${baseUrl}sitemap.xml`,
    '',
  ].join('\n');
}

/** Writes robots.txt from the site's own URL (config/brand.ts), so a rebrand or a new host needs no other file. */
export default function robotsTxtPlugin(): Plugin {
  return {
    name: 'robots-txt',
    async postBuild({ siteConfig, outDir }) {
      await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(siteConfig.url, siteConfig.baseUrl));
    },
  };
}
