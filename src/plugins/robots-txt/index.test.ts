import { expect, test } from 'vitest';
import { robotsTxt } from './index';

test('robots.txt allows every page and points at the sitemap of the site URL and base', () => {
  expect(robotsTxt('https://developers.nimbus.example/', '/docs-portal/')).toBe(
    '# The portal is public documentation: every page may be indexed.\nUser-agent: *\nAllow: /\n\nSitemap: https://developers.nimbus.example/docs-portal/sitemap.xml\n',
  );
});
