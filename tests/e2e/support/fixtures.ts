import { test as base, expect, type Page, type Response } from '@playwright/test';
import { offlineProxy, offlineProxyVariable } from './offlineProxy';

/** What went wrong in the page while a test ran. Every test fails on any of it unless it opts out. */
export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
  externalRequests: string[];
}

/** Schemes whose requests never reach a network. */
const localProtocols = new Set(['data:', 'blob:', 'about:']);

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function noProblems(): PageProblems {
  return { consoleErrors: [], failedRequests: [], externalRequests: [] };
}

/**
 * Every test that opens a page fails on a console error, a failed request or a request to another host, unless it
 * opts out (`allowProblems`). The checks ride on the `context` and `page` fixtures rather than on an automatic one,
 * so a test that only sends HTTP requests (most of the nginx project's) opens no browser context at all.
 */
export const test = base.extend<{ problems: PageProblems; allowProblems: boolean }>({
  allowProblems: [false, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  problems: async ({}, use) => {
    await use(noProblems());
  },
  // Every context sends what is not loopback to a proxy that refuses it (offlineProxy.ts), so no request can leave
  // the machine and none waits on a network.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  proxy: async ({}, use) => {
    const server = process.env[offlineProxyVariable];
    if (!server) throw new Error(`${offlineProxyVariable} is not set: the browser tier's global setup sets it`);
    await use(offlineProxy(server));
  },
  context: async ({ context, problems, allowProblems }, use) => {
    // The site must never reach a host other than the one serving it: such requests are recorded here (the offline
    // proxy makes them fail).
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!isLoopback(url) && !localProtocols.has(url.protocol)) problems.externalRequests.push(request.url());
    });
    await use(context);
    if (!allowProblems) expect(problems.externalRequests, 'requests to other hosts').toEqual([]);
  },
  page: async ({ page, problems, allowProblems }, use) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'failed';
      // ERR_ABORTED is a request the page itself cancelled, such as a prefetch cut off by a reload; a request
      // that really failed shows as another error or as an HTTP status below.
      if (reason === 'net::ERR_ABORTED') return;
      problems.failedRequests.push(`${request.url()}: ${reason}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.failedRequests.push(`${response.url()}: ${response.status()}`);
    });
    await use(page);
    if (!allowProblems) {
      expect(problems, 'console errors, failed or external requests').toEqual(noProblems());
    }
  },
});

export { expect };

/** Navigates and waits until React has hydrated the page, so assertions see the interactive site. */
export async function gotoHydrated(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}
