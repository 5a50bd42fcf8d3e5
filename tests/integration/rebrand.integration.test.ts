import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apis } from '../../config/apis';
import { changelogHistory } from '../../config/openapi';
import { runNode } from '../../scripts/lib/process';
import { copySite, type SiteCopy } from '../fixtures/siteCopy';

/**
 * Rebranding is config/brand.ts plus the documents: in a throw-away copy of the site the brand becomes Nimbus and
 * the documents, and the changelog histories recorded from them, are the provider's with its name (here: the
 * vendored ones with Arena replaced), and the built site carries no trace of the old brand.
 */
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
  build = await runNode([path.resolve('node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'], {
    cwd: site.dir,
  });
}, 240_000);
afterAll(() => site?.remove());

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
