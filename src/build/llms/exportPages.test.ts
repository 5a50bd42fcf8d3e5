import path from 'node:path';
import { expect, test } from 'vitest';
import { defaultPageCalls, referenceTagPages } from '../../core/openapi/referencePages';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { webhookViews } from '../../core/openapi/view';
import { codeSamplesDocument, providerSamples } from '../../../tests/fixtures/codeSamplesDocument';
import { twinPath } from '../../core/markdownTwin';
import { loadRecipes } from '../recipes/load';
import { recipes as recipeOptions } from '../siteOptions';
import { demoteHeadings, exportPages, sectionsWithApis, type ExportApi } from './exportPages';
import { llmsTxt } from './llms';

test.each([
  ['# Title\n\n## Part', '## Title\n\n### Part'],
  ['```bash\n# a comment\n```\n# After', '```bash\n# a comment\n```\n## After'],
  // A fence ends only at a run of its own character at least as long: a shorter one inside is code.
  ['````\n```\n# code\n````\n# After', '````\n```\n# code\n````\n## After'],
  ['~~~\n# code\n```\n# code\n~~~\n# After', '~~~\n# code\n```\n# code\n~~~\n## After'],
  ['  ```\n# code\n  ```\n#After', '  ```\n# code\n  ```\n##After'],
])('headings go one level down, lines of code do not: %j', (markdown, demoted) => {
  expect(demoteHeadings(markdown)).toBe(demoted);
});

test("the single-page reference's twin holds every call's own samples as the call's twin does, comments and all", () => {
  const api: ExportApi = {
    id: 'samples',
    name: 'Samples API',
    linkBase: '/docs/samples-api',
    reference: '/api/samples',
    overview: '/docs/samples-api/samples',
    credentialVariable: 'SAMPLES_KEY',
    baseUrlVariable: 'SAMPLES_URL',
    trustedOrigins: ['https://open.arena.example'],
  };
  const pages = exportPages(
    ['/api/samples', '/docs/samples-api/provider'],
    [{ api, document: codeSamplesDocument() }],
    () => '',
    defaultPageCalls,
  );
  const reference = pages.find((page) => page.route === '/api/samples')?.markdown ?? '';
  const call = pages.find((page) => page.route === '/docs/samples-api/provider')?.markdown ?? '';
  expect(call).toContain(`### Python\n\n\`\`\`python\n${providerSamples[0].source}`);
  // One level down on the reference, the call's title under the page's; the Python comment stays one.
  expect(reference).toContain(`#### Python\n\n\`\`\`python\n${providerSamples[0].source}`);
  expect(reference).toContain('# Every championship, newest first\n');
  expect(reference).not.toContain('## Every championship');
  expect(reference).toContain("\n### Samples from the API's document\n");
});

test("llms.txt's Recipes section lists every recipe's page and the recipes' index, and no other page", () => {
  // The routes the recipes plugin gives the pages (src/build/recipes/pages.ts): its route base, each recipe's slug.
  const recipes = loadRecipes(path.resolve(__dirname, '../../..'), recipeOptions.apis);
  expect(recipes.length).toBeGreaterThan(0);
  const recipeRoutes = [
    `${recipeOptions.routeBase}/`,
    ...recipes.map((recipe) => `${recipeOptions.routeBase}/${recipe.slug}`),
  ];
  const html = (route: string) =>
    `<html><head><title>${route} | Portal</title></head><body><main><h1>${route}</h1><p>Text.</p></main></body></html>`;
  const pages = exportPages(
    ['/getting-started/Guides/chat-bots', '/docs/webhooks', ...recipeRoutes],
    [],
    html,
    defaultPageCalls,
  );
  const site = { title: 'Portal', summary: 'Docs.', url: 'https://portal.example' };
  const text = llmsTxt(site, pages, sectionsWithApis([]));
  const section = /\n## Recipes\n\n((?:- .*\n)+)/.exec(text)?.[1] ?? '';
  const linked = [...section.matchAll(/\]\((\S+)\)/g)].map((match) => match[1]);
  expect(linked.sort()).toEqual(recipeRoutes.map((route) => `${site.url}${twinPath(route)}`).sort());
});

test("a reference split by tag exports its index as the tags' pages and each tag's page as its calls", () => {
  const api: ExportApi = {
    id: 'data-v4',
    name: 'Data API',
    linkBase: '/docs/data-api',
    reference: '/api/data',
    overview: '/docs/data-api/data',
    credentialVariable: 'ARENA_API_KEY',
    baseUrlVariable: 'ARENA_DATA_API_URL',
    trustedOrigins: ['https://open.arena.example'],
  };
  const document = readVendoredDocument('data');
  const tags = referenceTagPages(document);
  expect(tags.length).toBeGreaterThan(3);
  const routes = ['/api/data', ...tags.map((tag) => `/api/data/${tag.slug}`)];
  const whole = exportPages(routes, [{ api, document }], () => '', defaultPageCalls);
  const split = exportPages(routes, [{ api, document }], () => '', 1);
  const index = split.find((page) => page.route === '/api/data')!;
  const webhooks = webhookViews(document, 'data-v4');
  expect(webhooks.length).toBeGreaterThan(0);
  expect(index.markdown.split('\n').slice(2)).toEqual([
    ...tags.map(
      (tag) => `- [${tag.name}](/api/data/${tag.slug}.md): ${tag.calls} ${tag.calls === 1 ? 'call' : 'calls'}`,
    ),
    '',
    '## Webhooks',
    '',
    ...webhooks.map((hook) => `- [${hook.name}](/docs/data-api/${hook.slug}.md)`),
  ]);
  // Each call of the whole page is on exactly one tag's page, as the whole page has it.
  const parts = tags.map((tag) => split.find((page) => page.route === `/api/data/${tag.slug}`)!);
  expect(parts.every((page) => page.section === 'Single-page references')).toBe(true);
  const calls = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('## '));
  expect(parts.flatMap((page) => calls(page.markdown)).sort()).toEqual(
    calls(whole.find((page) => page.route === '/api/data')!.markdown).sort(),
  );
  expect(parts.map((page) => calls(page.markdown).length)).toEqual(tags.map((tag) => tag.calls));
});
