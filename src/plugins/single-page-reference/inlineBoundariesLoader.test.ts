import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const { inlineBoundaries } = require('./inlineBoundariesLoader.cjs') as { inlineBoundaries: (s: string) => string };

test("keeps every Suspense boundary inline in the installed Docusaurus's server renderer", () => {
  const source = readFileSync(require.resolve('@docusaurus/core/lib/client/renderToHtml.js'), 'utf8');
  expect(inlineBoundaries(source)).toContain('progressiveChunkSize: Number.MAX_SAFE_INTEGER');
});

test('fails loudly when the call it patches is not there once', () => {
  expect(() => inlineBoundaries('renderToString(app)')).toThrow(/check @docusaurus\/core's version/);
});
