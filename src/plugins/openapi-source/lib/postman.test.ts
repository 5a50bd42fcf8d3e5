import { describe, expect, test } from 'vitest';
import { apis } from '../../../../config/apis';
import { listOperations } from '../../../lib/openapi/document';
import { readVendoredDocument } from '../../../lib/openapi/vendored';
import { postmanCollection } from './postman';

interface Item {
  name: string;
  item?: Item[];
  request?: { method: string; url: { raw?: string; host?: string[] }; auth?: unknown };
}

const requests = (items: Item[]): Item[] => items.flatMap((item) => (item.item ? requests(item.item) : [item]));

describe.each(apis.map((api) => [api.key, api] as const))('the %s collection', (key, api) => {
  const document = readVendoredDocument(key);
  const environment = { credentialVariable: api.credential.variable, baseUrlVariable: api.baseUrlVariable };

  test('has one request per operation, each on the base-URL variable, with the credential as a bearer variable', async () => {
    const collection = JSON.parse(await postmanCollection(document, environment)) as {
      item: Item[];
      variable: { key: string; value: string }[];
      auth: { type: string; bearer: { key: string; value: string }[] };
    };
    const all = requests(collection.item);
    expect(all).toHaveLength(listOperations(document).length);
    for (const item of all) expect(item.request?.url.host).toEqual([`{{${api.baseUrlVariable}}}`]);
    expect(collection.auth.type).toBe('bearer');
    expect(collection.auth.bearer).toContainEqual({
      key: 'token',
      value: `{{${api.credential.variable}}}`,
      type: 'string',
    });
    const servers = document.servers as { url: string }[];
    expect(collection.variable).toEqual([
      expect.objectContaining({ key: api.baseUrlVariable, value: servers[0].url }),
      expect.objectContaining({ key: api.credential.variable, value: '' }),
    ]);
    // The document is read, never written: the pages built after the collection see it as it was.
    expect(document).toEqual(readVendoredDocument(key));
    // The converter's own names are gone: one naming across samples and collection.
    expect(JSON.stringify(collection)).not.toMatch(/\{\{(baseUrl|bearerToken)\}\}/);
  });
});
