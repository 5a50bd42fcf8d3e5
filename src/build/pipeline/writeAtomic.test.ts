import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { removeStrayTemporaries, temporaryName, writeFileAtomic } from './writeAtomic';

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
  const kept = ['twins.json', '.twins.json.tmp', '.twins.json.zzzzzzzzzzzz.tmp', temporaryName('other.json')];
  for (const name of [...kept, temporaryName(target), temporaryName(target)]) {
    writeFileSync(path.join(folder, name), 'x');
  }
  expect(readdirSync(folder)).toHaveLength(kept.length + 2);
  await removeStrayTemporaries(target);
  expect(readdirSync(folder).sort()).toEqual([...kept].sort());
});

test('one that cannot be removed is left, and is no error', async () => {
  const target = path.join(folder, 'twins.json');
  // A folder of a temporary file's name: rm without `recursive` refuses it.
  mkdirSync(path.join(folder, temporaryName(target)));
  const stray = temporaryName(target);
  writeFileSync(path.join(folder, stray), 'x');
  await removeStrayTemporaries(target);
  expect(readdirSync(folder)).toHaveLength(1);
  expect(existsSync(path.join(folder, stray))).toBe(false);
});

test('a folder that is not there is no error', async () => {
  await removeStrayTemporaries(path.join(folder, 'absent', 'twins.json'));
  expect(existsSync(path.join(folder, 'absent'))).toBe(false);
});
