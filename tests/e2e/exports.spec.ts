import { parse } from 'node-html-parser';
import { apiByKey } from '../../config/apis';
import { listOperations } from '../../src/core/openapi/document';
import { assistantsGuide, twinPath } from '../../src/core/markdownTwin';
import { operationViews } from '../../src/core/openapi/view';
import { axe } from './support/axe';
import { sitemapPaths } from '../../tools/lib/links';
import { expect, gotoHydrated, test } from './support/fixtures';
import { holdRequests } from './support/requests';
import { builtDocument } from './support/openapi';

/** The AI-ready exports: a Markdown twin of every page, /llms.txt and /llms-full.txt. */

async function servedSitemapPaths(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  return sitemapPaths(await (await request.get('/sitemap.xml')).text());
}

test('every page of the sitemap has its Markdown twin at the same path with .md appended', async ({ request }) => {
  const paths = await servedSitemapPaths(request);
  expect(paths.length).toBeGreaterThan(200);
  for (const path of paths) {
    const response = await request.get(twinPath(path));
    expect(response.status(), twinPath(path)).toBe(200);
    expect((await response.text()).startsWith('# '), twinPath(path)).toBe(true);
  }
});

test("every twin carries its page's text, not its title alone, and a schema's twin each of its fields", async ({
  request,
}) => {
  const paths = await servedSitemapPaths(request);
  const titleOnly: string[] = [];
  for (const path of paths) {
    const twin = await (await request.get(twinPath(path))).text();
    if (twin.trim().split('\n').length < 3) titleOnly.push(path);
  }
  // Minified HTML once lost 87 of 211 pages' content (every schema page's, a guide's) to the converter's parser.
  expect(titleOnly).toEqual([]);
  const data = builtDocument('data-v4');
  const championship = await (await request.get('/docs/data-api/schemas/championship.md')).text();
  const fields = Object.keys(
    (data.components as Record<string, Record<string, { properties?: object }>>).schemas.Championship.properties ?? {},
  );
  expect(fields.length).toBeGreaterThan(10);
  for (const field of fields) expect(championship, field).toContain(`\`${field}\``);
});

test('every link of llms.txt resolves, and it lists every page of the sitemap', async ({ request }) => {
  const text = await (await request.get('/llms.txt')).text();
  expect(text).toMatch(/^# .+\n\n> .+\n/);
  const linksOf = (markdown: string) =>
    [...markdown.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((match) => new URL(match[1]).pathname);
  const links = linksOf(text);
  // A large section's pages are listed in a file of its own that llms.txt links (`/llms/<section>.txt`).
  for (const list of links.filter((path) => path.startsWith('/llms/'))) {
    links.push(...linksOf(await (await request.get(list)).text()));
  }
  for (const path of links) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const twins = new Set(links);
  for (const path of await servedSitemapPaths(request)) expect(twins.has(twinPath(path)), path).toBe(true);
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
    // Not the overviews or the changelogs: the API folders' pages that are not calls.
    (match) => !/\/(data|chat|changelog)$/.test(match[0]),
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
  // In the site's environment convention, as every sample: the default base URL a single-quoted word.
  expect(text).toContain(`\`\`\`bash\nbase_url=\${${apiByKey('data').baseUrlVariable}:-'`);
  expect(text).toContain('\ncurl --fail-with-body');
  expect(text).toContain(`\${${apiByKey('data').credential.variable}:?`);
});

test('every page of the sitemap names its twin in the head, for tools that follow alternates', async ({ request }) => {
  const paths = await servedSitemapPaths(request);
  for (const path of paths) {
    const html = parse(await (await request.get(path)).text());
    const links = html.querySelectorAll('head link[type="text/markdown"]');
    expect(links, path).toHaveLength(1);
    expect(links[0].getAttribute('href'), path).toBe(twinPath(path));
    expect(links[0].getAttribute('rel'), path).toBe('alternate');
  }
});

test('the page menu copies the page as its Markdown twin, views it, and opens it in ChatGPT or Claude', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const path of ['/getting-started/intro/start-here', '/docs/data-api/get-games', '/api/chat']) {
    // A single-page reference hydrates its calls once its document has arrived (ARCHITECTURE.md, The API
    // reference); the menu works before that: the document is held until the menu has been used.
    const held = path.startsWith('/api/') ? await holdRequests(page, /\/openapi\/[^/]+\.json$/) : undefined;
    await gotoHydrated(page, path);
    await held?.arrived;
    const twin = twinPath(path);
    const toggle = page.getByRole('button', { name: 'Page as Markdown', exact: true });
    await toggle.click();
    await expect(toggle, path).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', twin);
    // WCAG 2.2 AA with the list open, as a reader sees it.
    const found = await axe(page).include('[aria-controls$="-items"]').include('[id$="-items"]').analyze();
    expect(found.violations.map((violation) => violation.id)).toEqual([]);
    for (const name of ['Open in ChatGPT', 'Open in Claude']) {
      const href = await page.getByRole('link', { name }).getAttribute('href');
      expect(new URL(href ?? '').searchParams.get('q'), name).toContain(`${twin}`);
    }
    await expect(page.getByRole('link', { name: 'Connect your assistant (MCP)' })).toHaveAttribute(
      'href',
      assistantsGuide,
    );
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await expect(page.getByText('Copied the page as Markdown')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied, path).toBe(await (await request.get(twin)).text());
    // Escape closes the list and gives focus back to its button.
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    if (held) {
      // Then the document arrives, and the page takes it without an error (the fixture fails on one).
      const answered = page.waitForResponse(/\/openapi\/[^/]+\.json$/);
      held.release();
      expect((await answered).ok()).toBe(true);
    }
  }
});

test('the footer links llms.txt', async ({ page, request }) => {
  await gotoHydrated(page, '/');
  const link = page.locator('footer').getByRole('link', { name: /llms\.txt/ });
  await expect(link).toHaveAttribute('href', '/llms.txt');
  expect((await request.get('/llms.txt')).status()).toBe(200);
});
