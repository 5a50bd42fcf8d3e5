import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apis } from '../../config/apis';
import { changelogHistory } from '../../config/generated';
import { runNode } from '../../src/build/node/runNode';
import { copySite, type SiteCopy } from '../../tools/lib/siteCopy';
import { startSpecServer, type SpecServer } from '../fixtures/specServer';
import { parseDocumentText } from '../../src/core/openapi/parse';
import type { JsonObject } from '../../src/core/openapi/document';
import { productionBuild } from '../../tools/build/productionBuild';

/**
 * Rebranding is config/brand.ts plus the documents: in a throw-away copy of the site the brand becomes Nimbus and
 * the documents, and the changelog histories recorded from them, are the provider's with its name (here: the
 * vendored ones with Arena replaced), and the built site carries no trace of the old brand.
 * The same build takes its Data API document from the provider's URL (DATA_API_SPEC_URL), as a deployment does, and
 * publishes that one: one build for both keeps the test run short.
 */
const marker = 'Served by the remote-document build test';
let server: SpecServer;
let site: SiteCopy;
let build: { code: number | null; output: string };
const rebrand = (text: string) =>
  text.replaceAll('arena', 'nimbus').replaceAll('Arena', 'Nimbus').replaceAll('ARENA', 'NIMBUS');

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(html|js|css|json|yaml|md|txt|xml|svg)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  site = copySite(process.cwd(), 'rebrand-');
  const brandFile = path.join(site.dir, 'config/brand.ts');
  writeFileSync(brandFile, rebrand(readFileSync(brandFile, 'utf8')));
  for (const api of apis) {
    for (const file of [api.vendored, changelogHistory(api)]) {
      writeFileSync(path.join(site.dir, file), rebrand(readFileSync(path.join(site.dir, file), 'utf8')));
    }
  }
  const data = apis.find((api) => api.key === 'data');
  if (!data) throw new Error('config/apis.ts has no Data API');
  const vendored = parseDocumentText(readFileSync(path.join(site.dir, data.vendored), 'utf8'));
  server = await startSpecServer({ ...vendored, info: { ...(vendored.info as JsonObject), description: marker } }, 10);
  // As `npm run build` builds: bundling and rendering in two processes (config/build.ts).
  build = await productionBuild(
    [site.dir, '--out-dir', path.join(site.dir, 'build')],
    { ...process.env, [data.urlVariable]: server.url('/valid.yaml') },
    (argv, env) => runNode(argv, { cwd: site.dir, env }),
  );
}, 240_000);
afterAll(async () => {
  await server?.stop();
  site?.remove();
});

test('a build given the Data API document’s URL publishes that document, and the vendored one of the other API', () => {
  expect(build.code, build.output).toBe(0);
  expect(build.output).toContain(`[openapi-source] data-v4: using the remote document ${server.url('/valid.yaml')}`);
  expect(build.output).toContain('[openapi-source] chat-v1: using the vendored document openapi/chat-v1.yaml');
  const out = path.join(site.dir, 'build');
  const published = JSON.parse(readFileSync(path.join(out, 'openapi/data-v4.json'), 'utf8')) as JsonObject;
  expect((published.info as JsonObject).description).toBe(marker);
  expect(readFileSync(path.join(out, 'openapi/data-v4.yaml'), 'utf8')).toContain(marker);
});

test('the build fetches the remote document once, and renders its pages from it, though it runs in two steps', () => {
  expect(build.code, build.output).toBe(0);
  expect(server.hits('/valid.yaml')).toBe(1);
  const remote = `the remote document ${server.url('/valid.yaml')}`;
  expect(build.output).toContain(`[openapi-source] data-v4: using ${remote}, as this build's first step resolved it`);
  // The single-page reference shows the document's description; the second step renders it.
  expect(readFileSync(path.join(site.dir, 'build/api/data/index.html'), 'utf8')).toContain(marker);
});

test('the rebranded site builds, with the brand in its routes', () => {
  expect(build.code, build.output).toBe(0);
  expect(
    readFileSync(path.join(site.dir, 'build/getting-started/Guides/build-nimbus-apps/index.html'), 'utf8'),
  ).toContain('Nimbus');
});

test('no page, script, export or download of the rebranded site names the old brand', () => {
  const found: string[] = [];
  for (const file of textFiles(path.join(site.dir, 'build'))) {
    const match = /.{0,40}arena.{0,40}/i.exec(readFileSync(file, 'utf8'));
    if (match) found.push(`${path.relative(site.dir, file)}: ${match[0]}`);
  }
  expect(found).toEqual([]);
});
