import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const { escapeResultPath } = require('./escapePathLoader.cjs') as { escapeResultPath: (s: string) => string };
const templatePath =
  require.resolve('@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js');

describe('escapeResultPath', () => {
  test("escapes the installed plugin's result path, and only that", () => {
    const source = readFileSync(templatePath, 'utf8');
    const patched = escapeResultPath(source);
    expect(patched).toContain('${escapeHtml(concatDocumentPath(pathItems ?? []))}');
    expect(patched).not.toMatch(/\$\{concatDocumentPath\(/);
    expect(patched.length - source.length).toBe('escapeHtml()'.length);
  });

  test('fails loudly when the code it patches has changed', () => {
    expect(() => escapeResultPath('import { escapeHtml } from "x"; const a = 1;')).toThrow(/found 0/);
  });
});
