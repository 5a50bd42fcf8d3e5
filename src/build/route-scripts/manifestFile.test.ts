import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { clientManifestFile, groupRequests, updateClientManifest } from './manifestFile';

test('updateClientManifest writes back what the change returns, from what the file held', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'manifest-'));
  try {
    const file = clientManifestFile(dir);
    expect(path.basename(file)).toBe('client-manifest.json');
    writeFileSync(file, JSON.stringify({ entrypoints: ['main'], origins: { main: ['91'] }, assets: {} }));
    updateClientManifest(file, (manifest) => ({ ...manifest, origins: { ...manifest.origins, x: ['1'] } }));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      entrypoints: ['main'],
      origins: { main: ['91'], x: ['1'] },
      assets: {},
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("groupRequests lists a group's import requests, empty for an origin without one or no group", () => {
  expect(groupRequests({ origins: [{ request: '@site/docs/a.mdx' }, {}] })).toEqual(['@site/docs/a.mdx', '']);
  expect(groupRequests(undefined)).toEqual([]);
});
