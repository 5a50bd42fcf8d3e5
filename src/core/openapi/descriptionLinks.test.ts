import { expect, test } from 'vitest';
import { descriptionLinks, providerOrigin } from './descriptionLinks';
import type { JsonObject } from './document';

const document: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Bots', version: '1', contact: { url: 'https://contact.example/help' } },
  servers: [{ url: '/relative' }, { url: 'https://api.bots.example/v1' }],
  tags: [{ name: 'Stickers' }],
  paths: { '/stickers': { get: { operationId: 'getStickerSet', tags: ['Stickers'], responses: {} } } },
  components: { schemas: { StickerSet: { type: 'object' } } },
};

test("a document's own anchors lead to the portal's pages of the same call, tag and schema", () => {
  const links = descriptionLinks(document, { linkBase: '/docs/bots', referenceRoute: '/api/bots' });
  expect(links.operation?.('getStickerSet')).toBe('/docs/bots/get-sticker-set');
  expect(links.operation?.('nothing')).toBeUndefined();
  expect(links.tag?.('Stickers')).toBe('/api/bots#tag-stickers');
  expect(links.schema?.('StickerSet')).toBe('/docs/bots/schemas/sticker-set');
  // Without a single-page reference, a tag's anchor opens its first call.
  expect(descriptionLinks(document, { linkBase: '/docs/bots' }).tag?.('Stickers')).toBe('/docs/bots/get-sticker-set');
});

test("site-relative links go to the provider's site: externalDocs, else the contact URL, else the first server", () => {
  expect(descriptionLinks(document, { linkBase: '/d' }).siteOrigin).toBe('https://contact.example');
  expect(providerOrigin({ ...document, externalDocs: { url: 'https://docs.bots.example/x' } })).toBe(
    'https://docs.bots.example',
  );
  expect(providerOrigin({ ...document, info: { title: 'x', version: '1' } })).toBe('https://api.bots.example');
  expect(descriptionLinks({ openapi: '3.1.0', info: {}, paths: {} }, { linkBase: '/d' }).siteOrigin).toBe(false);
  // The portal's own documents link to its guides.
  expect(descriptionLinks(document, { linkBase: '/d', portalLinks: true }).siteOrigin).toBeUndefined();
});
