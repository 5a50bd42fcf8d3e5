import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { carriedContentVariable } from '../../../config/build';
import { carried } from './carried';

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'carried-'));
  env = { [carriedContentVariable]: path.join(root, 'carried') };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A loader that counts its calls and gives content with what JSON would lose (a date, a map). */
function loader() {
  const calls = { count: 0 };
  const load = () => {
    calls.count += 1;
    return Promise.resolve({ docs: [{ id: 'a', date: new Date('2026-11-28T00:00:00Z') }], tags: new Map([['x', 1]]) });
  };
  return { calls, load };
}

test("a build's first step loads and keeps the content; a later step reads it back as it was, without loading", async () => {
  const first = loader();
  const loaded = await carried('docs-default', first.load, env);
  expect(first.calls.count).toBe(1);
  const later = loader();
  const read = await carried('docs-default', later.load, env);
  expect(later.calls.count).toBe(0);
  expect(read).toEqual(loaded);
  expect(read.docs[0]?.date).toBeInstanceOf(Date);
  // Another plugin's content is its own.
  await carried('docs-getting-started', later.load, env);
  expect(later.calls.count).toBe(1);
});

test('outside a production build (no folder) every load is done, and nothing is written', async () => {
  const { calls, load } = loader();
  await carried('docs-default', load, {});
  await carried('docs-default', load, {});
  expect(calls.count).toBe(2);
  expect(readdirSync(root)).toEqual([]);
});

test('content that does not clone is loaded by each step; a broken file is loaded again', async () => {
  let count = 0;
  const withFunction = () => Promise.resolve({ count: (count += 1), run: () => 1 });
  await carried('odd', withFunction, env);
  expect((await carried('odd', withFunction, env)).count).toBe(2);
  expect(existsSync(path.join(root, 'carried', 'odd.v8'))).toBe(false);
  const { calls, load } = loader();
  writeFileSync(path.join(root, 'carried', 'docs-default.v8'), 'not v8');
  await carried('docs-default', load, env);
  expect(calls.count).toBe(1);
});
