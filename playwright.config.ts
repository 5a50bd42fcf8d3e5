import { defineConfig } from '@playwright/test';
import { testChromiumLaunchOptions } from './tools/lib/chromium';

/**
 * Browser tests run against the production build (`build/`), served on 127.0.0.1 at a free port by the global
 * setup, in Debian's Chromium headless shell (tools/lib/chromium.ts): browsers cannot be downloaded here.
 */
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalSetup: './tests/e2e/support/globalSetup.ts',
  // Kept apart from test-results/, which also holds the unit-test report written before this run.
  outputDir: 'test-results/playwright',
  projects: [
    // The whole suite against `docusaurus serve`.
    { name: 'docusaurus-serve', testIgnore: /nginx\.spec\.ts$/, use: { baseURL: process.env.E2E_BASE_URL } },
    // The route, link and download suites again, plus the server's own behaviour, against the production nginx.
    {
      name: 'nginx',
      testMatch: /(routes|links|downloads|nginx|exports)\.spec\.ts$/,
      use: { baseURL: process.env.E2E_NGINX_URL },
    },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: testChromiumLaunchOptions(),
    trace: 'off',
  },
});
