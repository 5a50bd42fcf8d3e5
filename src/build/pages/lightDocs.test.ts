import { expect, test } from 'vitest';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { dataPagesOptions } from '../../../tests/fixtures/pagesOptions';
import { operationViews, schemaViews } from '../../core/openapi/view';
import { lightModule, lightModulePrefix, lightPage } from './lightDocs';
import { referencePages, type PagesOptions } from './pages';

const options: PagesOptions = dataPagesOptions;

test('every call and schema page the page writer makes is a light page, routed to its own data file', () => {
  const document = readVendoredDocument('data');
  const pages = referencePages(document, 'data-v4', options);
  const light = new Map(pages.files.map((file) => [file.name, lightPage(file.content)]));
  for (const { slug } of operationViews(document, 'data-v4')) {
    expect(light.get(`${slug}.mdx`)).toEqual({ referencePage: `/openapi/data-v4/pages/${slug}.json` });
  }
  // A schema page's sections are its MDX's: with an Example section exactly when its schema has an example.
  const views = schemaViews(document, 'data-v4');
  expect(views.some((view) => view.example !== undefined)).toBe(true);
  expect(views.some((view) => view.example === undefined)).toBe(true);
  for (const view of views) {
    expect(light.get(`${view.slug}.mdx`), view.slug).toEqual({
      referencePage: `/openapi/data-v4/pages/${view.slug}.json`,
      schema: { example: view.example !== undefined },
    });
  }
});

test('a page is light only when its body is the element, alone or around exactly its sections', () => {
  const page = (body: string) => `---\nid: x\ntitle: "X"\n---\n\n${body}\n`;
  const route = (mdx: string) => lightPage(mdx)?.referencePage;
  expect(route(page('<ReferencePage data={"/openapi/x/pages/a.json"} />'))).toBe('/openapi/x/pages/a.json');
  // The route is a JSON string: quotes and backslashes in a slug come back as they were.
  expect(route(page(String.raw`<ReferencePage data={"/p/a\"b\\c.json"} />`))).toBe('/p/a"b\\c.json');
  expect(route(page('<ReferencePage data={"/a.json"} />').replace(/\n/g, '\r\n'))).toBe('/a.json');
  const sections = (...lines: string[]) =>
    page(['<ReferencePage data={"/a.json"}>', '', ...lines, '</ReferencePage>'].join('\n'));
  const intro = ['<SchemaPageIntro />', ''];
  const fields = ['## Fields', '', '<SchemaPageFields />', ''];
  const example = ['## Example', '', '<SchemaPageExample />', ''];
  const usedBy = ['## Used by', '', '<SchemaPageUsedBy />', ''];
  expect(lightPage(sections(...intro, ...fields, ...example, ...usedBy))).toEqual({
    referencePage: '/a.json',
    schema: { example: true },
  });
  expect(lightPage(sections(...intro, ...fields, ...usedBy))).toEqual({
    referencePage: '/a.json',
    schema: { example: false },
  });
  for (const other of [
    page('<ReferencePage data={"/a.json"} />\n\nMore text.'),
    page('Intro.\n\n<ReferencePage data={"/a.json"} />'),
    page('<ReferencePage data={"/a.json" + x} />'),
    page('<ReferencePage data={route} />'),
    '<ReferencePage data={"/a.json"} />\n',
    page('# A guide'),
    // Escapes JSON does not have: the doc stays MDX rather than stopping the build.
    page(String.raw`<ReferencePage data={"/a\q.json"} />`),
    page('<ReferencePage data={"/a\t.json"} />'),
    // A schema page's element around anything but its sections as written, or a section more or less.
    sections(...fields),
    sections(...intro, ...fields, ...usedBy, 'More.', ''),
    sections(...intro, ...fields),
    sections(...intro, ...usedBy, ...fields),
  ]) {
    expect(lightPage(other)).toBeUndefined();
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
