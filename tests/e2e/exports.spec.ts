import { listOperations } from '../../src/lib/openapi/document';
import { twinPath } from '../../src/plugins/llms-export/lib/llms';
import { operationViews } from '../../src/lib/openapi/view';
import { expect, test } from './support/fixtures';
import { builtDocument } from './support/openapi';

/** The AI-ready exports: a Markdown twin of every page, /llms.txt and /llms-full.txt. */

async function sitemapPaths(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

test('every page of the sitemap has its Markdown twin at the same path with .md appended', async ({ request }) => {
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(200);
  for (const path of paths) {
    const response = await request.get(twinPath(path));
    expect(response.status(), twinPath(path)).toBe(200);
    expect((await response.text()).startsWith('# '), twinPath(path)).toBe(true);
  }
});

test('every link of llms.txt resolves, and it lists every page of the sitemap', async ({ request }) => {
  const text = await (await request.get('/llms.txt')).text();
  expect(text).toMatch(/^# .+\n\n> .+\n/);
  const links = [...text.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((match) => new URL(match[1]).pathname);
  for (const path of links) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const twins = new Set(links);
  for (const path of await sitemapPaths(request)) expect(twins.has(twinPath(path)), path).toBe(true);
});

test('llms-full.txt carries every operation of the documents, each with its method and path', async ({ request }) => {
  const text = await (await request.get('/llms-full.txt')).text();
  let operations = 0;
  for (const [id, folder] of [
    ['data-v4', 'data-api'],
    ['chat-v1', 'chat-api'],
  ] as const) {
    const document = builtDocument(id);
    const views = operationViews(document, id);
    expect(views).toHaveLength(listOperations(document).length);
    for (const view of views) {
      const section = text.split(/\n---\n/).find((part) => part.includes(`/docs/${folder}/${view.slug}\n`));
      expect(section, view.slug).toBeDefined();
      expect(section).toContain(`\`${view.method.toUpperCase()} ${view.path}\``);
      operations += 1;
    }
  }
  const sources = [...text.matchAll(/^Source: \S+\/docs\/(data|chat)-api\/(?!schemas\/)[a-z0-9-]+$/gm)].filter(
    (match) => !/\/(data|chat)$/.test(match[0]),
  );
  expect(sources).toHaveLength(operations);
});

test('an operation twin lists each parameter with its limits and default, and a curl sample', async ({ request }) => {
  const view = operationViews(builtDocument('data-v4'), 'data-v4').find(
    (v) => v.path === '/players/{player_id}/history',
  );
  const text = await (await request.get(`/docs/data-api/${view?.slug}.md`)).text();
  for (const parameter of view?.parameters ?? []) {
    const row = text.split('\n').find((line) => line.startsWith(`| \`${parameter.name}\` |`));
    expect(row, parameter.name).toBeDefined();
    if (parameter.maximum !== undefined) expect(row).toContain(`maximum ${parameter.maximum}`);
    if (parameter.default !== undefined) expect(row).toContain(`default ${JSON.stringify(parameter.default)}`);
  }
  expect(text).toContain('```bash\ncurl --request GET');
});
