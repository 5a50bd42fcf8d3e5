import { defineConfig } from 'vitest/config';

// Unit tests sit beside what they test (`*.test.ts`); browser tests (`*.spec.ts`) belong to Playwright.
export default defineConfig({
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'build/**', '.docusaurus/**'],
  },
});
