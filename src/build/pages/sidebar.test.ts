import { describe, expect, test } from 'vitest';
import { listOperations, type JsonObject } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { dataPagesOptions } from '../../../tests/fixtures/pagesOptions';
import { categoryDocs, otherCallsLabel, otherSchemasLabel, referencePages } from './pages';
import { resourceOf, untaggedCallsInOneCategory } from './sidebar';

test("a call's resource is its path to the first segment that is not a version, `api` or a parameter", () => {
  expect(resourceOf('/v1/accounts/{account}/persons')).toBe('/v1/accounts');
  expect(resourceOf('/championships/{championship_id}/matches')).toBe('/championships');
  expect(resourceOf('/api/v2.1/users')).toBe('/api/v2.1/users');
  expect(resourceOf('/{tenant}/orders/{id}')).toBe('/{tenant}/orders');
  expect(resourceOf('/')).toBe('/');
  // Versions as numbers and dates (Jira's `/api/2`, AWS's `/2013-04-01`); AWS's query calls are one resource.
  expect(resourceOf('/rest/api/2/issue/{issueIdOrKey}')).toBe('/rest');
  expect(resourceOf('/api/2/issue/{issueIdOrKey}')).toBe('/api/2/issue');
  expect(resourceOf('/2013-04-01/hostedzone/{Id}')).toBe('/2013-04-01/hostedzone');
  expect(resourceOf('/#Action=AttachInstances')).toBe('/');
  expect(resourceOf('/?Action=AttachInstances&Version=2011-01-01')).toBe('/');
});

/** The Data API's document with the tags of its first `count` calls taken away. */
function untagged(count: number): JsonObject {
  const document = structuredClone(readVendoredDocument('data'));
  for (const { operation } of listOperations(document).slice(0, count)) delete operation.tags;
  return document;
}

describe('calls without a tag', () => {
  const calls = listOperations(readVendoredDocument('data')).length;

  test('many under one resource (all under `/`, as AWS query calls are) are one "Other calls" category', () => {
    const document = untagged(calls);
    const paths = document.paths as JsonObject;
    document.paths = Object.fromEntries(
      Object.entries(paths).map(([route, item], index) => [`/#Action=${index}${route.replaceAll('/', '.')}`, item]),
    );
    const { sidebar } = referencePages(document, 'data-v4', dataPagesOptions);
    expect(sidebar.filter((category) => category.label.startsWith('/'))).toEqual([]);
    expect(sidebar.find((category) => category.label === otherCallsLabel)?.items.length).toBeGreaterThanOrEqual(calls);
  });

  test('a few are one "Other calls" category', () => {
    const { sidebar } = referencePages(untagged(3), 'data-v4', dataPagesOptions);
    const others = sidebar.find((category) => category.label === otherCallsLabel);
    expect(
      others?.items.filter((item) => 'className' in item && item.className?.startsWith('api-method')),
    ).toHaveLength(3);
    expect(sidebar.some((category) => category.label.startsWith('/'))).toBe(false);
  });

  test('many are a category per resource, each with the schemas its calls name; every call listed once', () => {
    expect(calls).toBeGreaterThan(untaggedCallsInOneCategory);
    const { sidebar } = referencePages(untagged(calls), 'data-v4', dataPagesOptions);
    expect(sidebar.some((category) => category.label === otherCallsLabel)).toBe(false);
    const championships = sidebar.find((category) => category.label === '/championships');
    const labels = championships?.items.map((item) => ('label' in item ? item.label : '')) ?? [];
    expect(labels).toContain('List championships of a game');
    expect(labels).toContain('Championship');
    const docs = sidebar.flatMap(categoryDocs);
    expect(
      docs.filter(
        (item) => item.className?.startsWith('api-method api-method--') && !item.className.endsWith('webhook'),
      ),
    ).toHaveLength(calls);
    expect(new Set(docs.map((item) => item.id)).size).toBe(docs.length);
    // No category as big as all of them: the largest is the championships' own.
    const largest = Math.max(
      ...sidebar.filter((category) => category.label.startsWith('/')).map((category) => category.items.length),
    );
    expect(largest).toBeLessThan(calls);
  });
});

describe("a schema's place", () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const answer = (schema: JsonObject) => ({
    '200': { description: 'OK', content: { 'application/json': { schema } } },
  });
  // Dense, as Stripe's is: the first call's schema reaches every other one.
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'Dense', version: '1' },
    tags: [{ name: 'Accounts' }, { name: 'Customers' }, { name: 'Cards' }],
    paths: {
      '/account': { get: { tags: ['Accounts'], summary: 'Get the account', responses: answer(ref('Account')) } },
      '/customers': { get: { tags: ['Customers'], summary: 'List customers', responses: answer(ref('Customer')) } },
      '/cards': {
        post: {
          tags: ['Cards'],
          summary: 'Add a card',
          requestBody: { content: { 'application/json': { schema: ref('Card') } } },
          responses: { '204': { description: 'Added' } },
        },
      },
    },
    components: {
      schemas: {
        Account: { type: 'object', properties: { owner: ref('Customer'), settings: ref('Settings') } },
        Settings: { type: 'object', properties: { theme: { type: 'string' } } },
        Customer: {
          type: 'object',
          properties: { cards: { type: 'array', items: ref('Card') }, address: ref('Address') },
        },
        Address: { type: 'object', properties: { city: { type: 'string' } } },
        Card: { type: 'object', properties: { brand: ref('Brand') } },
        Brand: { type: 'string', enum: ['visa'] },
        Unused: { type: 'string' },
      },
    },
  };
  const { sidebar } = referencePages(document, 'dense', dataPagesOptions);
  const labelsOf = (category: string) =>
    sidebar.find((each) => each.label === category)?.items.map((item) => ('label' in item ? item.label : ''));

  test("beside the first call that names it, not the first that reaches it; a field's schema beside its schema", () => {
    // The first call reaches every used one: each sits with the call that names it, the nearest named one's otherwise.
    expect(labelsOf('Accounts')).toEqual(['Get the account', 'Account', 'Settings']);
    expect(labelsOf('Customers')).toEqual(['List customers', 'Customer', 'Address']);
    expect(labelsOf('Cards')).toEqual(['Add a card', 'Card', 'Brand']);
    expect(labelsOf(otherSchemasLabel)).toEqual(['Unused']);
  });
});
