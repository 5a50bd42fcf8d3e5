import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { copySite, type SiteCopy } from '../../../tools/lib/siteCopy';
import { startSpecServer, type SpecServer } from '../../../tests/fixtures/specServer';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { docusaurusBin } from '../../../config/build';

let server: SpecServer;
let workDir: string;
let site: SiteCopy;

beforeAll(async () => {
  server = await startSpecServer(readVendoredDocument('data'), 10);
  workDir = mkdtempSync(path.join(tmpdir(), 'remote-build-'));
  // The builds here run in a copy of the site, so they never change the main checkout's generated files.
  site = copySite();
});
afterAll(async () => {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
  site.remove();
});

/** Starts a Node script and sends it SIGTERM once its output contains `when`; resolves with its exit. */
function terminateWhen(args: string[], env: NodeJS.ProcessEnv, when: string, cwd?: string) {
  return new Promise<{ code: number | null; afterSignalMs: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { env, cwd });
    let output = '';
    let signalledAt = 0;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!signalledAt && output.includes(when)) {
        signalledAt = Date.now();
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', (code) => resolve({ code, afterSignalMs: Date.now() - signalledAt, output }));
  });
}

test('a build given a million-bracket description stops on SIGTERM, failing', async () => {
  const result = await terminateWhen(
    [docusaurusBin, 'build', '--out-dir', path.join(workDir, 'stopped')],
    { ...process.env, DATA_API_SPEC_URL: server.url('/brackets') },
    '[openapi-source] data-v4: using the remote document',
    site.dir,
  );
  expect(result.code, result.output).toBe(143);
  // A blocked event loop would keep it running until the work was done (minutes, before the text was linear).
  expect(result.afterSignalMs).toBeLessThan(15_000);
}, 120_000);

test('specs:pull stops on SIGTERM while it waits for a document', async () => {
  const result = await terminateWhen(
    ['node_modules/tsx/dist/cli.mjs', 'tools/specs-pull/main.ts', '--check'],
    { PATH: process.env.PATH ?? '', DATA_API_SPEC_URL: server.url('/hang') },
    'fetching',
  );
  expect(result.code, result.output).not.toBe(0);
  expect(result.afterSignalMs).toBeLessThan(5_000);
}, 60_000);
