import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
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
  expect(await writePagesOnce(env, resolved('Data'), write)).toBe(true);
  expect(await writePagesOnce(env, resolved('Data'), write)).toBe(false);
  expect(await writePagesOnce(env, resolved('Data'), write)).toBe(false);
  expect(writes).toBe(1);
  // Other documents (another build's note, say) are written.
  expect(await writePagesOnce(env, resolved('Data, changed'), write)).toBe(true);
  expect(writes).toBe(2);
  // Another build's steps write their own.
  expect(await writePagesOnce(build(), resolved('Data, changed'), write)).toBe(true);
  expect(writes).toBe(3);
});

test('without a build of steps (npm start, one docusaurus build) the pages are written every time', async () => {
  let writes = 0;
  const write = () => Promise.resolve(writes++);
  expect(await writePagesOnce({}, resolved('Data'), write)).toBe(true);
  expect(await writePagesOnce({}, resolved('Data'), write)).toBe(true);
  expect(writes).toBe(2);
});

test('a write that fails leaves no note: the next step writes again', async () => {
  const env = build();
  await expect(writePagesOnce(env, resolved('Data'), () => Promise.reject(new Error('disk full')))).rejects.toThrow(
    'disk full',
  );
  let writes = 0;
  expect(await writePagesOnce(env, resolved('Data'), () => Promise.resolve(writes++))).toBe(true);
  expect(writes).toBe(1);
});
