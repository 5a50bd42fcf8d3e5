import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const { stripRemoteLogo } = require('./redocNoRemoteLogoLoader.cjs') as { stripRemoteLogo: (s: string) => string };

describe('stripRemoteLogo', () => {
  test('empties the CDN logo URL and leaves the rest as it was', () => {
    const source = 'e.createElement("img",{alt:"redocly logo",src:"https://cdn.redoc.ly/redoc/logo-mini.svg"})';
    expect(stripRemoteLogo(source)).toBe('e.createElement("img",{alt:"redocly logo",src:""})');
  });

  test.each(['redoc.browser.lib.js', 'redoc.lib.js'])('leaves no CDN URL in the installed %s', (bundle) => {
    const source = readFileSync(require.resolve(`redoc/bundles/${bundle}`), 'utf8');
    expect(source).toContain('cdn.redoc.ly');
    expect(stripRemoteLogo(source)).not.toMatch(/https:\/\/cdn\.redoc\.ly/);
  });
});
