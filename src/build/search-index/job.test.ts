import { expect, test } from 'vitest';
import type { JsonObject } from '../../core/openapi/document';
import { searchPages } from './job';

const document = {
  openapi: '3.1.0',
  paths: { '/games': { get: { operationId: 'getGames', summary: 'List games' } } },
} as unknown as JsonObject;
const apis = [{ title: 'Data API', linkBase: '/docs/data-api', document }];
// The build writes a page's file at its site path: under a base URL too (out/docs/..., not out/portal/docs/...).
const files = new Set(['/docs/data-api/get-games', '/docs/webhooks']);
const fileOf = (route: string) => (files.has(route) ? `out${route}/index.html` : undefined);

test('routes of the searched instances with an HTML file are indexed, each with its target', () => {
  const pages = searchPages({
    routes: ['/docs/data-api/get-games', '/docs/webhooks', '/docs/webhooks', '/api/data', '/docs/redirected'],
    baseUrl: '/',
    docsRoutes: ['/docs'],
    apis,
    fileOf,
  });
  expect(pages.map(({ url, target }) => [url, target.kind, target.section])).toEqual([
    ['/docs/data-api/get-games', 'operation', 'Data API'],
    ['/docs/webhooks', 'guide', 'Guides'],
  ]);
  expect(pages[0].file).toBe('out/docs/data-api/get-games/index.html');
});

test('under a base URL, pages are known and read by their site path and linked with the base URL', () => {
  const [page] = searchPages({
    routes: ['/portal/docs/data-api/get-games'],
    baseUrl: '/portal/',
    docsRoutes: ['/docs'],
    apis,
    fileOf,
  });
  expect(page).toMatchObject({
    url: '/portal/docs/data-api/get-games',
    file: 'out/docs/data-api/get-games/index.html',
    target: { kind: 'operation' },
  });
});
