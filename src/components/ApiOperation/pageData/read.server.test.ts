import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readPageData } from './read.server';

const root = mkdtempSync(path.join(tmpdir(), 'page-data-'));
const dir = path.join(root, 'openapi', 'data-v4');
const data = { kind: 'schema', note: '\\u003c/script>' };

beforeAll(() => {
  mkdirSync(path.join(dir, 'pages', 'schemas'), { recursive: true });
  writeFileSync(path.join(dir, 'pages', 'schemas', 'game.json'), JSON.stringify(data));
  writeFileSync(path.join(root, 'secret.json'), '{"kind":"operation"}');
  // The bundler's DefinePlugin gives the server bundle this constant; the test sets the global it reads.
  (globalThis as { __REFERENCE_PAGE_DATA_DIRS__?: Record<string, string> }).__REFERENCE_PAGE_DATA_DIRS__ = {
    '/openapi/data-v4': dir,
  };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the server's page data reader", () => {
  test("reads a page's file from its API's folder, and gives its text as it is", () => {
    const read = readPageData('/openapi/data-v4/pages/schemas/game.json');
    expect(read.text).toBe(JSON.stringify(data));
    expect(read.data).toEqual(data);
  });

  test.each([
    '/openapi/data-v4/pages/../../../secret.json',
    '/openapi/data-v4/pages/%2e%2e/secret.json',
    '/openapi/data-v4/schemas/game.json',
    '/openapi/data-v4/pages/game.js',
    '/openapi/other/pages/game.json',
    '/openapi/data-v4-x/pages/game.json',
    '/openapi/data-v4/pages//game.json',
  ])('refuses %s: only a data file inside an API folder is read', (route) => {
    expect(() => readPageData(route)).toThrow(/is not a reference page's data file/);
  });
});
