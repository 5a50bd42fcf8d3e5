import { validateThemeConfig } from '@docusaurus/theme-classic/lib/options';
import { validateThemeConfig as validateMermaidConfig } from '@docusaurus/theme-mermaid/lib/validateThemeConfig.js';
import { normalizeThemeConfig } from '@docusaurus/utils-validation';
import { describe, expect, test } from 'vitest';
import { themeConfig } from './theme';

/** Docusaurus validates the theme config when the site loads: these run the same validation without a build. */
function validate(config: unknown): void {
  validateThemeConfig({ themeConfig: config as never, validate: normalizeThemeConfig });
}

describe('the theme config', () => {
  test('is valid as written', () => {
    expect(() => validate(themeConfig)).not.toThrow();
  });

  test("names every key the site's themes add, so that its keys' order is the same in every build", () => {
    // Each theme's validation returns the config with its defaults; Docusaurus merges them in the order the themes
    // finish loading, which varies, and a key the config already has keeps its place.
    const own = Object.keys(themeConfig);
    for (const validated of [
      validateThemeConfig({ themeConfig: themeConfig as never, validate: normalizeThemeConfig }),
      validateMermaidConfig({ themeConfig: themeConfig as never, validate: normalizeThemeConfig }),
    ]) {
      expect(Object.keys(validated).filter((key) => !own.includes(key))).toEqual([]);
    }
  });

  test('a navbar item of an unknown type is a configuration error', () => {
    const broken = { ...themeConfig, navbar: { ...themeConfig.navbar, items: [{ type: 'no-such-type', label: 'x' }] } };
    expect(() => validate(broken)).toThrow(/Bad navbar item type no-such-type/);
  });

  test('a navbar item without a target is a configuration error', () => {
    const broken = { ...themeConfig, navbar: { ...themeConfig.navbar, items: [{ label: 'Nowhere' }] } };
    expect(() => validate(broken)).toThrow('"navbar.items[0]" must contain at least one of [href, to]');
  });
});
