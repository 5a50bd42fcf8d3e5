import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { findSecrets } from './support/secrets';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test('the build output carries no secret, token or path of the build machine', () => {
  const root = path.resolve('build');
  const found: string[] = [];
  for (const file of files(root).filter((name) => /\.(html|js|css|json|yaml|txt|xml|md|map)$/.test(name))) {
    const text = readFileSync(file, 'utf8');
    for (const secret of findSecrets(text)) found.push(`${path.relative(root, file)}: ${secret}`);
    if (text.includes(process.cwd())) found.push(`${path.relative(root, file)}: absolute path of the checkout`);
  }
  expect(found).toEqual([]);
});

test("the variant builds (hostile document, wrong base URL, test routes) leave the main build's files byte-identical", () => {
  const before = process.env.E2E_MAIN_HASH_BEFORE;
  expect(before).toMatch(/^[0-9a-f]{64}$/);
  expect(process.env.E2E_MAIN_HASH_AFTER).toBe(before);
});

test('no Redoc, styled-components or MobX module reaches the client bundles', () => {
  const markers: [string, RegExp][] = [
    ['Redoc', /redocExtensions|redoc-wrap/],
    ['styled-components', /data-styled/],
    ['MobX', /mobx/i],
  ];
  // The markers are real: Redoc's standalone bundle (Redoc with its styled-components) carries them.
  const standalone = readFileSync(path.resolve('node_modules/@redocly/cli/lib/chunks/redoc.standalone.js'), 'utf8');
  expect(markers.slice(0, 2).every(([, marker]) => marker.test(standalone))).toBe(true);
  const found: string[] = [];
  for (const file of files(path.resolve('build/assets/js')).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(file, 'utf8');
    for (const [name, marker] of markers) if (marker.test(text)) found.push(`${path.basename(file)}: ${name}`);
  }
  expect(found).toEqual([]);
  const manifest = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  expect(Object.keys(manifest.dependencies).filter((name) => /^(redoc|styled-components|mobx)$/.test(name))).toEqual(
    [],
  );
});

test('today’s documents fit the server’s limits: every page whole without JavaScript', () => {
  // Past SIDEBAR_SERVER_ITEMS a sidebar list, and past REFERENCE_FULL_CALLS a single-page reference, is sent in part
  // (the variant build with small limits tests that); today's site must not be.
  const root = path.resolve('build');
  const partial = files(root)
    .filter((name) => name.endsWith('.html'))
    .filter((name) => /data-sidebar-more|data-call="?summary/.test(readFileSync(name, 'utf8')))
    .map((name) => path.relative(root, name));
  expect(partial).toEqual([]);
});
