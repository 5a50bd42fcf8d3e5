import { expect, test } from 'vitest';
import type { JsonObject } from '../openapi/document';
import { referenceTargets, searchSections, searchTarget } from './sections';

const document = {
  openapi: '3.1.0',
  paths: {
    '/hubs/{hub_id}/members': { get: { operationId: 'getHubMembers', summary: "List a hub's members" } },
    '/things': { get: { summary: 'No operationId' } },
  },
  components: { schemas: { HubUser: { type: 'object' } } },
} as unknown as JsonObject;
const apis = [{ title: 'Data API', linkBase: '/docs/data-api', document }];
const references = referenceTargets(apis);
const docsRoutes = ['/docs', '/getting-started'];
const target = (route: string) => searchTarget(route, references, apis, docsRoutes);

test('calls and schemas are known from the document, with the names a reader types for them', () => {
  expect(target('/docs/data-api/get-hub-members')).toEqual({
    section: 'Data API',
    kind: 'operation',
    names: { endpoint: 'GET /hubs/{hub_id}/members', operation: 'getHubMembers' },
  });
  expect(target('/docs/data-api/get-things')).toMatchObject({ kind: 'operation', names: { endpoint: 'GET /things' } });
  expect(target('/docs/data-api/schemas/hub-user/')).toEqual({
    section: 'Schemas',
    kind: 'schema',
    names: { schema: 'HubUser' },
  });
});

test.each([
  ['/docs/data-api/data', { section: 'Data API', kind: 'guide', names: {} }],
  ['/docs/data-api/changelog', { section: 'Data API', kind: 'guide', names: {} }],
  ['/docs/', { section: 'Guides', kind: 'guide', names: {} }],
  ['/getting-started/Guides/chat-bots', { section: 'Guides', kind: 'guide', names: {} }],
  ['/getting-started/category/guides', undefined],
  ['/api/data', undefined],
  ['/', undefined],
  ['/docsearch', undefined],
])('%s is searched as %j', (route, expected) => {
  expect(target(route)).toEqual(expected);
});

test('the filters list guides, each API, then schemas', () => {
  expect(searchSections(['Data API', 'Chat API'])).toEqual(['Guides', 'Data API', 'Chat API', 'Schemas']);
});
