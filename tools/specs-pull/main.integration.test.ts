import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runNode } from '../../src/build/node/runNode';
import { startSpecServer, type SpecServer } from '../../tests/fixtures/specServer';
import type { JsonObject } from '../../src/core/openapi/document';
import { readVendoredDocument } from '../../tests/fixtures/vendored';

const vendored = readVendoredDocument('data');
const changed: JsonObject = { ...vendored, info: { ...(vendored.info as JsonObject), version: '4.1' } };
let same: SpecServer;
let different: SpecServer;
const before = readFileSync('openapi/data-v4.yaml', 'utf8');

beforeAll(async () => {
  same = await startSpecServer(vendored, 10);
  different = await startSpecServer(changed, 10);
});
afterAll(async () => {
  await same.stop();
  await different.stop();
  expect(readFileSync('openapi/data-v4.yaml', 'utf8')).toBe(before);
});

function pull(env: Record<string, string>, ...args: string[]) {
  return runNode(['node_modules/tsx/dist/cli.mjs', 'tools/specs-pull/main.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

describe('npm run specs:pull -- --check', () => {
  test('exits 0 when the remote document equals the vendored one', async () => {
    const { code, output } = await pull({ DATA_API_SPEC_URL: same.url('/valid.json') }, '--check');
    expect(output).toContain('is up to date');
    expect(code).toBe(0);
  });

  test('exits 1 and says so when the remote document differs, changing nothing', async () => {
    const { code, output } = await pull({ DATA_API_SPEC_URL: different.url('/valid.yaml') }, '--check');
    expect(output).toContain('differs from the remote document (--check: not changed)');
    expect(code).toBe(1);
  });

  test('exits 2 naming the URL and the reason when the remote document is unusable', async () => {
    const { code, output } = await pull({ DATA_API_SPEC_URL: same.url('/not-openapi') }, '--check');
    expect(output).toContain(`could not use ${same.url('/not-openapi')}: not an OpenAPI 3.x document`);
    expect(code).toBe(2);
  });

  test('exits 2 when --note has no text, before fetching anything', async () => {
    const hits = different.hits('/valid.yaml');
    const { code, output } = await pull({ DATA_API_SPEC_URL: different.url('/valid.yaml') }, '--note');
    expect(output).toContain('--note needs the text of the note');
    expect(code).toBe(2);
    expect(different.hits('/valid.yaml')).toBe(hits);
  });

  test('exits 2 when no URL is configured', async () => {
    const { code, output } = await pull({}, '--check');
    expect(output).toContain('nothing to pull');
    expect(code).toBe(2);
  });
});
