import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two tiers, both beside what they test (`*.test.ts`; browser tests, `*.spec.ts`, belong to Playwright):
 * - unit: pure functions and components, in-process, under Vitest's default 5 s timeout;
 * - integration (`*.integration.test.ts`): builds of the site (in throw-away copies), CLI runs, Prism mocks and
 *   samples run against them. Their timeouts are set for the slowest of them on a loaded 2-core machine: a cold
 *   build of the site takes about 25 s, so a test or hook gets 120 s or 240 s, and no test comes near a quarter.
 */
const shared = {
  // Docusaurus's tsconfig leaves JSX to its bundler (`preserve`); component tests compile it with React's runtime.
  oxc: { jsx: { runtime: 'automatic' as const } },
  // `@site` is the site's root, as Docusaurus's bundler config defines it.
  resolve: {
    alias: {
      '@docusaurus/router': '@docusaurus/core/lib/client/exports/router.js',
      '@site': fileURLToPath(new URL('.', import.meta.url)),
      // Components are rendered to HTML in unit tests, without a Docusaurus app around them.
      '@docusaurus/Link': fileURLToPath(new URL('./tests/fixtures/stubs/Link.tsx', import.meta.url)),
      '@theme/CodeBlock': fileURLToPath(new URL('./tests/fixtures/stubs/CodeBlock.tsx', import.meta.url)),
      '@theme/Heading': fileURLToPath(new URL('./tests/fixtures/stubs/Heading.tsx', import.meta.url)),
      '@theme/Tabs': fileURLToPath(new URL('./tests/fixtures/stubs/Tabs.tsx', import.meta.url)),
      '@theme/TabItem': fileURLToPath(new URL('./tests/fixtures/stubs/TabItem.tsx', import.meta.url)),
      '@docusaurus/theme-common': fileURLToPath(new URL('./tests/fixtures/stubs/themeCommon.ts', import.meta.url)),
      '@docusaurus/useBrokenLinks': fileURLToPath(new URL('./tests/fixtures/stubs/useBrokenLinks.ts', import.meta.url)),
      '@docusaurus/useBaseUrl': fileURLToPath(new URL('./tests/fixtures/stubs/useBaseUrl.ts', import.meta.url)),
      '@docusaurus/useGlobalData': fileURLToPath(new URL('./tests/fixtures/stubs/useGlobalData.ts', import.meta.url)),
      '@docusaurus/Head': fileURLToPath(new URL('./tests/fixtures/stubs/Head.tsx', import.meta.url)),
      // The browser's side, as tsconfig.json maps it (src/plugins/openapi-pages gives the server bundle the other).
      '@portal/reference-page-data': fileURLToPath(
        new URL('./src/components/ApiOperation/pageData/read.client.ts', import.meta.url),
      ),
    },
  },
};
const excluded = ['node_modules/**', 'build/**', '.docusaurus/**', 'test-results/**'];

export default defineConfig({
  ...shared,
  test: {
    // A file per core: Vitest's default keeps one core free, which on a 2-core machine runs the files one by one,
    // while the integration files mostly wait on child processes (builds, compilers, Prism). Measured here: the
    // integration tier in 272 s with two workers.
    maxWorkers: availableParallelism(),
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          // Worker threads rather than Vitest's default child processes: each file still runs in a fresh module
          // context, and starting a thread costs less than a process. Measured here, the whole tier: 47 s and 85
          // CPU-s with threads, 54-59 s and 100-110 CPU-s with processes (two runs each, the same machine).
          pool: 'threads',
          include: ['**/*.test.{ts,tsx}'],
          exclude: [...excluded, '**/*.integration.test.ts'],
        },
      },
      {
        ...shared,
        test: {
          name: 'integration',
          include: ['**/*.integration.test.ts'],
          exclude: excluded,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
