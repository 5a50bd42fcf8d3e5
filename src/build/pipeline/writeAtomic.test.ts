import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { removeStrayTemporaries, writeFileAtomic } from './writeAtomic';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'write-atomic-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

test('a file is written whole, and no temporary file is left beside it', async () => {
  const target = path.join(folder, 'nested', 'twins.json');
  await writeFileAtomic(target, '{"a":1}');
  await writeFileAtomic(target, '{"a":2}');
  expect(readdirSync(path.dirname(target))).toEqual(['twins.json']);
});

test("a killed writer's temporary files are removed, and nothing else beside the file", async () => {
  const target = path.join(folder, 'twins.json');
  const kept = ['twins.json', '.twins.json.tmp', '.twins.json.zzzzzzzzzzzz.tmp', '.other.json.0123456789ab.tmp'];
  for (const name of [...kept, '.twins.json.0123456789ab.tmp', '.twins.json.a1b2c3d4e5f6.tmp']) {
    writeFileSync(path.join(folder, name), 'x');
  }
  await removeStrayTemporaries(target);
  expect(readdirSync(folder).sort()).toEqual([...kept].sort());
});

test('a folder that is not there is no error', async () => {
  await removeStrayTemporaries(path.join(folder, 'absent', 'twins.json'));
  expect(existsSync(path.join(folder, 'absent'))).toBe(false);
});
