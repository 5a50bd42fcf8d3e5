import { expect, test } from 'vitest';
import { listOperations } from './document';
import {
  defaultFullCalls,
  documentFingerprint,
  fullCallsFrom,
  fullyRenderedCalls,
  referenceModel,
  referenceModelInSlices,
} from './singlePage';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';

const data = readVendoredDocument('data');
const samples = {
  credentialVariable: 'ARENA_API_KEY',
  baseUrlVariable: 'ARENA_DATA_API_URL',
  fallbackServer: 'http://127.0.0.1:4010',
  trustedOrigins: ['https://open.arena.example', 'http://127.0.0.1:4010'],
};
const options = { api: 'data-v4', samples };

test('groups every call once, under its first tag, in the order the document declares its tags', () => {
  const model = referenceModel(data, options);
  const calls = model.groups.flatMap((group) => group.calls);
  expect(calls).toHaveLength(listOperations(data).length);
  expect(new Set(calls.map((view) => view.slug)).size).toBe(calls.length);
  const declared = (data.tags as { name: string }[]).map((tag) => tag.name);
  expect(model.groups.map((group) => group.name)).toEqual(
    declared.filter((name) => model.groups.some((g) => g.name === name)),
  );
  for (const group of model.groups) for (const view of group.calls) expect(view.tags[0]).toBe(group.name);
});

test('carries the fields of every schema a call reaches and how its samples are written', () => {
  const model = referenceModel(data, options);
  expect(Object.keys(model.schemas)).toEqual(expect.arrayContaining(['Championship', 'Match']));
  expect(model.samples).toEqual(samples);
});

test('calls without a tag and tags that kebab-case alike still get ids of their own', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    tags: [{ name: 'A b' }, { name: 'a-b' }],
    paths: {
      '/x': { get: { tags: ['A b'], responses: {} } },
      '/y': { get: { tags: ['a-b'], responses: {} } },
      '/z': { get: { responses: {} } },
    },
  };
  const model = referenceModel(document, options);
  expect(model.groups.map((group) => group.id)).toEqual(['tag-a-b', 'tag-a-b-2', 'tag-other-calls']);
});

test("a tag's id never takes a call's anchor: the call keeps its slug and the tag the next free id", () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    tags: [{ name: 'Players' }, { name: 'Players title' }],
    paths: {
      '/players': { get: { operationId: 'tagPlayers', tags: ['Players'], responses: {} } },
      '/other': { get: { operationId: 'tag-players-title-x', tags: ['Players title'], responses: {} } },
    },
  };
  const model = referenceModel(document, options);
  expect(model.groups.flatMap((group) => group.calls.map((view) => view.slug))).toEqual([
    'tag-players',
    'tag-players-title-x',
  ]);
  // `tag-players` is the call's and `tag-players-title` its title's: both tags move on.
  expect(model.groups.map((group) => group.id)).toEqual(['tag-players-2', 'tag-players-title-2']);
  const ids = [
    ...model.groups.map((group) => group.id),
    ...model.groups.flatMap((group) => group.calls.flatMap((view) => [view.slug, `${view.slug}-title`])),
  ];
  expect(new Set(ids).size).toBe(ids.length);
});

test('the fingerprint tells documents apart by content and key order, and is stable', () => {
  const copy = JSON.parse(JSON.stringify(data)) as typeof data;
  expect(documentFingerprint(copy)).toBe(documentFingerprint(data));
  expect(documentFingerprint({ ...data, info: { title: 'other' } })).not.toBe(documentFingerprint(data));
  expect(documentFingerprint({ b: 1, a: 2 })).not.toBe(documentFingerprint({ a: 2, b: 1 }));
});

test('the calls rendered in full are the first of the page, tag by tag, up to the budget', () => {
  const model = referenceModel(data, options);
  const order = model.groups.flatMap((group) => group.calls.map((view) => view.slug));
  expect(order.length).toBeGreaterThan(3);
  expect([...fullyRenderedCalls(model.groups, 3)]).toEqual(order.slice(0, 3));
  // Across a tag's end: the budget counts calls, not tags.
  const firstTag = model.groups[0].calls.length;
  expect([...fullyRenderedCalls(model.groups, firstTag + 1)]).toEqual(order.slice(0, firstTag + 1));
  expect(fullyRenderedCalls(model.groups, order.length + 10).size).toBe(order.length);
  // Today's document is whole within the default: its page reads without JavaScript.
  expect(fullyRenderedCalls(model.groups, defaultFullCalls).size).toBe(order.length);
});

test.each([
  [{}, defaultFullCalls],
  [{ REFERENCE_FULL_CALLS: ' ' }, defaultFullCalls],
  [{ REFERENCE_FULL_CALLS: '8' }, 8],
])('REFERENCE_FULL_CALLS %j sets the budget to %i', (env, budget) => {
  expect(fullCallsFrom(env)).toBe(budget);
});

test.each(['0', '-3', '2.5', 'many', '1e3', '99999999999999999999'])(
  'REFERENCE_FULL_CALLS=%s is refused by name',
  (raw) => {
    expect(() => fullCallsFrom({ REFERENCE_FULL_CALLS: raw })).toThrow(/REFERENCE_FULL_CALLS must be a whole number/);
  },
);

test('built in slices, the model is the same, and the main thread gets a turn between the calls and schemas', async () => {
  let turns = 0;
  const yieldToMain = () => {
    turns += 1;
    return Promise.resolve();
  };
  // A slice of 0 ms: a turn after every step, one per call, one before the schemas and one per schema.
  const sliced = await referenceModelInSlices(data, options, yieldToMain, 0);
  expect(sliced).toEqual(referenceModel(data, options));
  expect(Object.keys(sliced.schemas).length).toBeGreaterThan(5);
  expect(turns).toBe(listOperations(data).length + 1 + Object.keys(sliced.schemas).length);
  turns = 0;
  await referenceModelInSlices(data, options, yieldToMain, 60_000);
  expect(turns).toBe(0);
});
