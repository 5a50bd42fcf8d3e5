import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { listOperations, type JsonObject } from '../../../src/core/openapi/document';
import { scaleDocument } from './scale';

const document = parse(readFileSync('openapi/data-v4.yaml', 'utf8')) as JsonObject;

test('k copies of every call, schema and tag, each with names of its own', () => {
  const scaled = scaleDocument(document, 3);
  const operations = listOperations(scaled);
  expect(operations).toHaveLength(3 * listOperations(document).length);
  const ids = operations.map(({ operation }) => operation.operationId);
  expect(new Set(ids).size).toBe(ids.length);
  const schemas = Object.keys((scaled.components as { schemas: JsonObject }).schemas);
  expect(schemas).toHaveLength(3 * Object.keys((document.components as { schemas: JsonObject }).schemas).length);
  expect(schemas).toContain('PlayerK3');
  const tags = (scaled.tags as { name: string }[]).map((tag) => tag.name);
  expect(new Set(tags).size).toBe(tags.length);
  // The original is untouched.
  expect(listOperations(document).length * 3).toBe(operations.length);
});

test("a copy's references point at the copy's schemas, and every reference resolves", () => {
  const scaled = scaleDocument(document, 2);
  const text = JSON.stringify(scaled.paths);
  const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
  const schemas = (scaled.components as { schemas: JsonObject }).schemas;
  for (const name of refs) expect(schemas, name).toHaveProperty([name]);
  const copy = JSON.stringify((scaled.paths as JsonObject)['/k2/players/{player_id}']);
  expect(copy).toContain('#/components/schemas/PlayerK2');
  expect(copy).not.toMatch(/#\/components\/schemas\/Player"/);
});

test('the scaled document passes the structural lint the pipeline applies to remote documents', async () => {
  const { createConfig, lintFromString } = await import('@redocly/openapi-core');
  const config = await createConfig({
    rules: { struct: 'error', 'no-unresolved-refs': 'error', 'operation-operationId-unique': 'error' },
  });
  const problems = await lintFromString({
    source: JSON.stringify(scaleDocument(document, 4)),
    absoluteRef: 'scaled.json',
    config,
  });
  expect(problems.filter((problem) => problem.severity === 'error').map((problem) => problem.message)).toEqual([]);
});

test('a scale below 1 or not whole is refused', () => {
  expect(() => scaleDocument(document, 0)).toThrow('whole number');
  expect(() => scaleDocument(document, 1.5)).toThrow('whole number');
  expect(scaleDocument(document, 1)).toEqual(document);
});
