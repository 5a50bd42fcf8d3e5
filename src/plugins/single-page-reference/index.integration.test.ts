import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadContext, Plugin, PluginContentLoadedActions, RouteConfig } from '@docusaurus/types';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { openapiSource } from '../../build/siteOptions';
import { copySite, type SiteCopy } from '../../../tools/lib/siteCopy';
import { skipBundlingVariable } from '../../../config/build';
import singlePageReferencePlugin from './index';

/** The plugin on a copy of the site (it publishes the documents into the site's folder), its generated files apart. */
let site: SiteCopy;
beforeAll(() => {
  site = copySite(process.cwd(), 'single-page-plugin-');
});
afterAll(() => site.remove());
const generated: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  generated.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

async function load(): Promise<{ routes: RouteConfig[]; documentsFile: string }> {
  const generatedFilesDir = mkdtempSync(path.join(tmpdir(), 'single-page-'));
  generated.push(generatedFilesDir);
  const context = { siteDir: site.dir, generatedFilesDir, baseUrl: '/' } as LoadContext;
  const plugin: Plugin = singlePageReferencePlugin(context, openapiSource);
  const routes: RouteConfig[] = [];
  const actions = { addRoute: (route: RouteConfig) => void routes.push(route) } as PluginContentLoadedActions;
  await plugin.contentLoaded?.({ content: undefined, actions });
  return { routes, documentsFile: path.join(generatedFilesDir, 'single-page-reference', 'documents.json') };
}

test('a step that bundles writes the documents the server bundle renders from', async () => {
  const { routes, documentsFile } = await load();
  expect(routes.map((route) => route.path)).toEqual(['/api/data', '/api/chat']);
  const documents = JSON.parse(readFileSync(documentsFile, 'utf8')) as Record<string, { markdown: object }>;
  expect(Object.keys(documents)).toEqual(['data-v4', 'chat-v1']);
});

test("the render step adds the same routes and leaves the bundle step's documents alone", async () => {
  const bundled = await load();
  vi.stubEnv(skipBundlingVariable, 'true');
  const rendered = await load();
  expect(rendered.routes).toEqual(bundled.routes);
  expect(existsSync(rendered.documentsFile)).toBe(false);
});
