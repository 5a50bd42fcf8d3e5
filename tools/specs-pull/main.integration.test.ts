import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runNode } from '../../src/build/node/runNode';
import { startSpecServer, type SpecServer } from '../../tests/fixtures/specServer';
import type { JsonObject } from '../../src/core/openapi/document';
import { readVendoredDocument } from '../../tests/fixtures/vendored';

const vendored = readVendoredDocument('data');
const changed: JsonObject = { ...vendored, info: { ...(vendored.info as JsonObject), version: '4.1' } };
/** The Data API document as fetched after its Player lost `player_id`, which two recipes read. */
const lostField = structuredClone(vendored);
delete ((((lostField.components as JsonObject).schemas as JsonObject).Player as JsonObject).properties as JsonObject)
  .player_id;
let same: SpecServer;
let different: SpecServer;
let broken: SpecServer;
const before = readFileSync('openapi/data-v4.yaml', 'utf8');

beforeAll(async () => {
  same = await startSpecServer(vendored, 10);
  different = await startSpecServer(changed, 10);
  broken = await startSpecServer(lostField, 10);
});
afterAll(async () => {
  await same.stop();
  await different.stop();
  await broken.stop();
  expect(readFileSync('openapi/data-v4.yaml', 'utf8')).toBe(before);
});

function pull(env: Record<string, string>, ...args: string[]) {
  return pullIn(process.cwd(), env, ...args);
}

/** The command run in `cwd`, whose `openapi/` folder (documents, changelogs, recipes) it reads and vendors into. */
function pullIn(cwd: string, env: Record<string, string>, ...args: string[]) {
  return runNode([path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('tools/specs-pull/main.ts'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd,
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

describe('npm run specs:pull, when a recipe no longer matches the fetched document', () => {
  // Without --check the document is vendored, so the run is in a copy of openapi/: the checkout's stays as it is.
  // Without --check a document that differs alone exits 0: the exit code 1 here is the recipes'.
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'specs-pull-recipes-'));
    cpSync('openapi', path.join(copy, 'openapi'), { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  test('names each recipe, workflow, step and reason, still vendors the document, and exits 1', async () => {
    const { code, output } = await pullIn(copy, { DATA_API_SPEC_URL: broken.url('/valid.json') });
    expect(output).toContain(
      [
        '[openapi] data-v4: 2 recipe problem(s) against the fetched document; the build stops on them until the recipe or the document is fixed:',
        '  - recipe hub-members-skill-levels.arazzo.yaml, workflow memberPages, step profile: $response.body#/player_id: the 200 response of getPlayer has no field player_id',
        '  - recipe player-match-history.arazzo.yaml, workflow playerMatchHistory, step findPlayer: $response.body#/player_id: the 200 response of getPlayerByLookup has no field player_id',
      ].join('\n'),
    );
    expect(output).toContain('[openapi] data-v4: replaced openapi/data-v4.yaml.');
    expect(code).toBe(1);
    expect(readFileSync(path.join(copy, 'openapi/data-v4.yaml'), 'utf8')).not.toBe(before);
  });
});
