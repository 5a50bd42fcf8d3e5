import { expect, test } from 'vitest';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationViews } from '../../core/openapi/view';
import { lightModule, lightModulePrefix, referencePageRoute } from './lightDocs';
import { referencePages, type PagesOptions } from './pages';

const options: PagesOptions = {
  dir: 'docs/data-api/reference',
  docIdPrefix: 'data-api/reference',
  slugBase: '/data-api',
  linkBase: '/docs/data-api',
  credentialVariable: 'ARENA_API_KEY',
  baseUrlVariable: 'ARENA_DATA_API_URL',
  mockUrl: 'http://127.0.0.1:4010',
  trustedOrigins: ['https://open.arena.example'],
  schemaFiles: { dir: '.generated/static/openapi/data-v4', route: '/openapi/data-v4' },
};

test('every call page the page writer makes is a light page, routed to its own data file; a schema page stays MDX', () => {
  const document = readVendoredDocument('data');
  const pages = referencePages(document, 'data-v4', options);
  const slugs = operationViews(document, 'data-v4').map((view) => view.slug);
  const routes = new Map(pages.files.map((file) => [file.name, referencePageRoute(file.content)]));
  for (const slug of slugs) expect(routes.get(`${slug}.mdx`)).toBe(`/openapi/data-v4/pages/${slug}.json`);
  // A schema page's MDX holds its sections (headings for the table of contents) inside the element.
  const schemaPages = pages.files.filter((file) => file.name.startsWith('schemas/'));
  expect(schemaPages.length).toBeGreaterThan(10);
  expect(schemaPages.map((file) => routes.get(file.name)).filter((route) => route !== undefined)).toEqual([]);
});

test('a page is light only when its body is the one element and nothing else', () => {
  const page = (body: string) => `---\nid: x\ntitle: "X"\n---\n\n${body}\n`;
  expect(referencePageRoute(page('<ReferencePage data={"/openapi/x/pages/a.json"} />'))).toBe(
    '/openapi/x/pages/a.json',
  );
  // The route is a JSON string: quotes and backslashes in a slug come back as they were.
  expect(referencePageRoute(page(String.raw`<ReferencePage data={"/p/a\"b\\c.json"} />`))).toBe('/p/a"b\\c.json');
  expect(referencePageRoute(page('<ReferencePage data={"/a.json"} />').replace(/\n/g, '\r\n'))).toBe('/a.json');
  for (const other of [
    page('<ReferencePage data={"/a.json"} />\n\nMore text.'),
    page('Intro.\n\n<ReferencePage data={"/a.json"} />'),
    page('<ReferencePage data={"/a.json"}>\n\n## Fields\n\n</ReferencePage>'),
    page('<ReferencePage data={"/a.json" + x} />'),
    page('<ReferencePage data={route} />'),
    '<ReferencePage data={"/a.json"} />\n',
    page('# A guide'),
  ]) {
    expect(referencePageRoute(other)).toBeUndefined();
  }
});

test("a light page's module is named from its source, and its API's prefix finds it and no other API's", () => {
  const module = lightModule('/site/.docusaurus', 'default', 'docs/data-api/reference/get-team.mdx');
  expect(module).toEqual({
    name: 'light/docs/data-api/reference/get-team.json',
    file: '/site/.docusaurus/docusaurus-plugin-content-docs/default/light/docs/data-api/reference/get-team.json',
    request: '@generated/docusaurus-plugin-content-docs/default/light/docs/data-api/reference/get-team.json',
  });
  expect(module.request.startsWith(lightModulePrefix('default', 'docs/data-api/reference'))).toBe(true);
  expect(module.request.startsWith(lightModulePrefix('default', 'docs/data-api'))).toBe(true);
  expect(module.request.startsWith(lightModulePrefix('default', 'docs/data'))).toBe(false);
  expect(module.request.startsWith(lightModulePrefix('other', 'docs/data-api/reference'))).toBe(false);
});
