import { expect, test } from 'vitest';
import { listOperations } from './document';
import { documentFingerprint, referenceModel } from './reference';
import { readVendoredDocument } from './vendored';

const data = readVendoredDocument('data');
const samples = {
  credentialVariable: 'ARENA_API_KEY',
  baseUrlVariable: 'ARENA_DATA_API_URL',
  fallbackServer: 'http://127.0.0.1:4010',
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

test('the fingerprint tells documents apart by content and key order, and is stable', () => {
  const copy = JSON.parse(JSON.stringify(data)) as typeof data;
  expect(documentFingerprint(copy)).toBe(documentFingerprint(data));
  expect(documentFingerprint({ ...data, info: { title: 'other' } })).not.toBe(documentFingerprint(data));
  expect(documentFingerprint({ b: 1, a: 2 })).not.toBe(documentFingerprint({ a: 2, b: 1 }));
});
