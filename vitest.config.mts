import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests sit beside what they test (`*.test.ts`); browser tests (`*.spec.ts`) belong to Playwright.
export default defineConfig({
  // Docusaurus's client modules import the router by the alias its bundler config defines.
  // `@site` is the site's root, as Docusaurus's bundler config defines it.
  resolve: {
    alias: {
      '@docusaurus/router': '@docusaurus/core/lib/client/exports/router.js',
      '@site': fileURLToPath(new URL('.', import.meta.url)),
    },
  },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'build/**', '.docusaurus/**'],
  },
});
