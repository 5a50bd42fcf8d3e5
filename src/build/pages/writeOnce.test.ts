import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { resolutionFileVariable } from '../../../config/build';
import type { ResolvedDocument } from '../pipeline/resolve';
import { writePagesOnce } from './writeOnce';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function build(): Record<string, string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'write-once-'));
  folders.push(folder);
  return { [resolutionFileVariable]: path.join(folder, 'resolved-documents.json') };
}
/** A page the writes below stand for, there from the start. */
const outputFolder = mkdtempSync(path.join(tmpdir(), 'write-once-output-'));
afterAll(() => rmSync(outputFolder, { recursive: true, force: true }));
const output = path.join(outputFolder, 'get-games.mdx');
writeFileSync(output, 'page');
const resolved = (title: string): ResolvedDocument[] => [
  {
    id: 'data-v4',
    document: { openapi: '3.1.0', info: { title, version: '1' }, paths: {} },
    source: 'vendored',
    origin: 'openapi/data-v4.yaml',
    dropped: [],
  },
];

test("a build's later steps leave the pages its first step wrote from the same documents", async () => {
  const env = build();
  let writes = 0;
  const write = () => Promise.resolve(writes++);
  expect(await writePagesOnce(env, resolved('Data'), write, [output])).toBe(true);
  expect(await writePagesOnce(env, resolved('Data'), write, [output])).toBe(false);
  expect(await writePagesOnce(env, resolved('Data'), write, [output])).toBe(false);
  expect(writes).toBe(1);
  // Other documents (another build's note, say) are written.
  expect(await writePagesOnce(env, resolved('Data, changed'), write, [output])).toBe(true);
  expect(writes).toBe(2);
  // Another build's steps write their own.
  expect(await writePagesOnce(build(), resolved('Data, changed'), write, [output])).toBe(true);
  expect(writes).toBe(3);
});

test('without a build of steps (npm start, one docusaurus build) the pages are written every time', async () => {
  let writes = 0;
  const write = () => Promise.resolve(writes++);
  expect(await writePagesOnce({}, resolved('Data'), write, [output])).toBe(true);
  expect(await writePagesOnce({}, resolved('Data'), write, [output])).toBe(true);
  expect(writes).toBe(2);
});

test('a write that fails leaves no note: the next step writes again', async () => {
  const env = build();
  await expect(
    writePagesOnce(env, resolved('Data'), () => Promise.reject(new Error('disk full')), [output]),
  ).rejects.toThrow('disk full');
  let writes = 0;
  expect(await writePagesOnce(env, resolved('Data'), () => Promise.resolve(writes++), [output])).toBe(true);
  expect(writes).toBe(1);
});

test('a page the note stands for that is gone is written again', async () => {
  const env = build();
  let writes = 0;
  const write = () => Promise.resolve(writes++);
  const missing = path.join(outputFolder, 'gone.mdx');
  expect(await writePagesOnce(env, resolved('Data'), write, [output])).toBe(true);
  expect(await writePagesOnce(env, resolved('Data'), write, [output, missing])).toBe(true);
  expect(writes).toBe(2);
});
