import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { lazyTableFile } from './served';
import { writeLazyTables } from './tableFiles';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

test("writes this build's tables and only them, leaving the rest of the generated files alone", () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lazy-tables-'));
  // An earlier build with three tables, and a file of Docusaurus's beside the folder.
  writeLazyTables(dir, new Map([0, 1, 2].map((table) => [lazyTableFile(table), `old ${table}`])));
  mkdirSync(path.join(dir, 'lazy-routes'), { recursive: true });
  writeFileSync(path.join(dir, 'registry.js'), 'registry');
  writeFileSync(path.join(dir, 'lazy-routes', 'data.json'), '{}');

  writeLazyTables(dir, new Map([0, 1].map((table) => [lazyTableFile(table), `new ${table}`])));

  const folder = path.dirname(path.join(dir, lazyTableFile(0)));
  expect(readdirSync(folder).sort()).toEqual(['table-0.js', 'table-1.js']);
  expect(readFileSync(path.join(dir, lazyTableFile(1)), 'utf8')).toBe('new 1');
  expect(readFileSync(path.join(dir, 'registry.js'), 'utf8')).toBe('registry');
  expect(existsSync(path.join(dir, 'lazy-routes', 'data.json'))).toBe(true);
});
