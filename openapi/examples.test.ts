/**
 * Every example in both documents validates against its schema, with objects closed so that an example cannot
 * carry an undocumented field, and list examples never hold more entries than the call's largest page.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { findParameter, getOperation, listOperations, type JsonObject } from '../src/core/openapi/document';
import { closeObjectSchemas, collectExamples } from '../src/core/openapi/examples';
import { apis } from '../config/apis';
import { readVendoredDocument } from '../tests/fixtures/vendored';

function validator() {
  // OpenAPI's own keywords and number formats are not JSON Schema's; they are declared so strict mode accepts them.
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false, strictTuples: false });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
  for (const keyword of ['example', 'xml', 'externalDocs', 'discriminator']) ajv.addKeyword(keyword);
  return ajv;
}

describe.each(apis.map((api) => api.key))('the %s document', (api) => {
  const document = readVendoredDocument(api);
  const sites = collectExamples(document);
  const ajv = validator();

  test('has an example for every response and request body', () => {
    const withBody = listOperations(document).length;
    expect(sites.filter((site) => / (200|request) /.test(site.where)).length).toBeGreaterThanOrEqual(withBody);
  });

  test.each(sites.map((site) => [site.where, site] as const))('%s is valid', (_where, site) => {
    const validate = ajv.compile(closeObjectSchemas(site.schema) as JsonObject);
    const valid = validate(site.value);
    expect(valid ? [] : validate.errors?.map((error) => `${error.instancePath} ${error.message}`)).toEqual([]);
  });

  test('list examples stay within the largest page of their call', () => {
    for (const ref of listOperations(document)) {
      const limit = findParameter(document, getOperation(document, ref.path, ref.method), 'limit');
      const maximum = (limit?.schema as JsonObject | undefined)?.maximum;
      if (typeof maximum !== 'number') continue;
      for (const site of sites.filter((s) => s.where.startsWith(`${ref.method.toUpperCase()} ${ref.path} 200 `))) {
        const items = (site.value as JsonObject).items;
        expect(Array.isArray(items) ? items.length : 0, site.where).toBeLessThanOrEqual(maximum);
      }
    }
  });
});

/**
 * An example answers the example request: a windowed list (`from`/`to` in its envelope) holds only entries that
 * started inside the window it states, and that window is the one the call's own `from`/`to` examples ask for.
 */
describe.each(apis.map((api) => api.key))('the %s document’s windowed examples', (api) => {
  const document = readVendoredDocument(api);
  const sites = collectExamples(document).filter((site) => {
    const value = site.value as JsonObject | null;
    return / 200 /.test(site.where) && typeof value?.from === 'number' && typeof value.to === 'number';
  });

  test.each(sites.map((site) => [site.where, site] as const))('%s', (where, site) => {
    const value = site.value as { from: number; to: number; items: { started_at?: number }[] };
    for (const item of value.items) {
      if (item.started_at === undefined) continue;
      expect(item.started_at, where).toBeGreaterThanOrEqual(value.from);
      expect(item.started_at, where).toBeLessThanOrEqual(value.to);
    }
    const [method, path] = where.split(' ');
    const operation = getOperation(document, path, method.toLowerCase());
    expect(findParameter(document, operation, 'from')?.example, where).toBe(value.from);
    expect(findParameter(document, operation, 'to')?.example, where).toBe(value.to);
  });

  test('exist where a call takes a window', () => {
    if (api === 'data') expect(sites.length).toBeGreaterThan(0);
  });
});
