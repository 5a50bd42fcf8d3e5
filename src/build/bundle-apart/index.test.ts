import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { applySide, decideSide, readServerBundleRequest, routeCount, type BundlerConfig } from './index';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'bundle-apart-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const file = () => path.join(folder, 'server-bundle.json');
const bundleStep = () => ({ DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', SERVER_BUNDLE_APART_FILE: file() });
/** As a step's process sees it: its own output folder, and the request the bundle step wrote. */
const decide = (isServer: boolean, env: Record<string, string>, routes = 2500, outDir = '/site/build') =>
  decideSide({
    isServer,
    env,
    outDir,
    routes: () => routes,
    readRequest: () => ({ outDir: '/site/build', routes }),
  });

test('the bundle step of a site past 2,000 routes leaves the server compilation out and asks for the server step', () => {
  expect(decide(true, bundleStep(), 2000)).toEqual({
    action: 'leave',
    request: { outDir: '/site/build', routes: 2000 },
  });
  expect(decide(false, bundleStep(), 2000)).toEqual({ action: 'keep' });
});

test('below it, or outside a production build run by tools/build, both compilations stay', () => {
  expect(decide(true, bundleStep(), 1999)).toEqual({ action: 'keep' });
  // `npm start`, the render step (it makes the configurations without compiling) and a bare `docusaurus build`.
  expect(decide(true, {}, 10_000)).toEqual({ action: 'keep' });
  expect(decide(true, { SERVER_BUNDLE_APART_FILE: file(), DOCUSAURUS_SKIP_BUNDLING: 'true' }, 10_000)).toEqual({
    action: 'keep',
  });
});

test('the threshold can be set for one build, and a value that is not a count is refused by name', () => {
  expect(decide(true, { ...bundleStep(), SERVER_BUNDLE_APART_FROM_ROUTES: '1' }, 246).action).toBe('leave');
  expect(() => decide(true, { ...bundleStep(), SERVER_BUNDLE_APART_FROM_ROUTES: 'many' })).toThrow(
    'SERVER_BUNDLE_APART_FROM_ROUTES must be a whole number of routes above 0, not "many"',
  );
});

test("the server step makes the server's bundle into the site's output folder and leaves the browser's out", () => {
  const env = { ...bundleStep(), BUNDLE_SIDE: 'server' };
  // The step's own output folder is a temporary one: the bundle goes where the request says.
  expect(decide(true, env, 2500, '/tmp/server-step')).toEqual({ action: 'server-into', outDir: '/site/build' });
  expect(decide(false, env, 2500, '/tmp/server-step')).toEqual({ action: 'leave' });
});

test('a compilation left out has one empty module, no plugin and its output beside the request file', () => {
  const config: BundlerConfig = {
    entry: { main: '/site/src/entry.js' },
    output: { path: '/site/build' },
    plugins: [{}],
  };
  applySide({ action: 'leave', request: { outDir: '/site/build', routes: 2500 } }, config, file(), true);
  const entry = (config.entry as { main: string }).main;
  expect(path.dirname(entry)).toBe(path.join(folder, 'left-server'));
  expect(readFileSync(entry, 'utf8')).toMatch(/^\/\/ /);
  expect(config.output?.path).toBe(path.join(folder, 'left-server'));
  expect(config.plugins).toEqual([]);
  expect(readServerBundleRequest(file())).toEqual({ outDir: '/site/build', routes: 2500 });
  const server: BundlerConfig = { output: { path: '/tmp/step/__server' } };
  applySide({ action: 'server-into', outDir: '/site/build' }, server, file(), true);
  expect(server.output?.path).toBe('/site/build/__server');
});

test('a request without an absolute output folder is refused, naming its file', () => {
  writeFileSync(file(), '{"outDir":"build"}');
  expect(() => readServerBundleRequest(file())).toThrow(`${file()}: no output folder for the server's bundle`);
});

test("the routes are counted from Docusaurus's generated route table", () => {
  writeFileSync(path.join(folder, 'routesChunkNames.json'), JSON.stringify({ '/a-1': {}, '/b-2': {}, '/c-3': {} }));
  expect(routeCount(folder)).toBe(3);
});
