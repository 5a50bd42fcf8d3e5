import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runNode } from '../../../scripts/lib/process';
import { startSpecServer, type SpecServer } from '../../../tests/fixtures/specServer';
import type { JsonObject } from '../../lib/openapi/document';
import { readVendoredDocument } from '../../lib/openapi/vendored';

const marker = 'Served by the remote-document build test';
const vendored = readVendoredDocument('data');
const remote: JsonObject = { ...vendored, info: { ...(vendored.info as JsonObject), description: marker } };
let server: SpecServer;
let workDir: string;

beforeAll(async () => {
  server = await startSpecServer(remote, 10);
  workDir = mkdtempSync(path.join(tmpdir(), 'remote-build-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
});

test('a build with DATA_API_SPEC_URL publishes the remote document', async () => {
  const outDir = path.join(workDir, 'build');
  const { code, output } = await runNode(
    ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', '--out-dir', outDir],
    {
      env: {
        ...process.env,
        DATA_API_SPEC_URL: server.url('/valid.yaml'),
        OPENAPI_GENERATED_DIR: path.join(workDir, 'generated'),
      },
    },
  );
  expect(code, output).toBe(0);
  expect(output).toContain(`[openapi] data-v4: using the remote document ${server.url('/valid.yaml')}`);
  expect(output).toContain('[openapi] chat-v1: using the vendored document openapi/chat-v1.yaml');
  const published = JSON.parse(readFileSync(path.join(outDir, 'openapi/data-v4.json'), 'utf8')) as JsonObject;
  expect((published.info as JsonObject).description).toBe(marker);
  expect(readFileSync(path.join(outDir, 'openapi/data-v4.yaml'), 'utf8')).toContain(marker);
}, 180_000);
