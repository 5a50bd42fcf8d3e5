import { expect, test } from 'vitest';
import { apiCatalog } from './apiCatalog';

test("the catalog is a linkset with each API's base URL as anchor and its documents and docs as RFC 9727 relations", () => {
  const catalog = apiCatalog('https://developers.example', [
    {
      id: 'data-v4',
      baseUrl: 'https://open.arena.example/data/v4',
      overview: '/docs/data-api/data',
      reference: '/api/data',
      postman: true,
    },
    { id: 'chat-v1', baseUrl: 'https://open.arena.example/chat/v1', overview: '/o', reference: '/r', postman: false },
  ]);
  expect(catalog.linkset.map((context) => context.anchor)).toEqual([
    'https://open.arena.example/data/v4',
    'https://open.arena.example/chat/v1',
  ]);
  const [data, chat] = catalog.linkset;
  expect(data['service-desc']).toEqual([
    { href: 'https://developers.example/openapi/data-v4.json', type: 'application/vnd.oai.openapi+json' },
    { href: 'https://developers.example/openapi/data-v4.yaml', type: 'application/vnd.oai.openapi' },
  ]);
  expect((data['service-doc'] as { href: string }[]).map((link) => link.href)).toEqual([
    'https://developers.example/docs/data-api/data',
    'https://developers.example/api/data',
  ]);
  expect((data['service-meta'] as { href: string }[]).map((link) => link.href)).toContain(
    'https://developers.example/openapi/data-v4.postman.json',
  );
  expect((chat['service-meta'] as { href: string }[]).map((link) => link.href)).toEqual([
    'https://developers.example/llms.txt',
  ]);
});
