import { readFileSync } from 'node:fs';
import type { ReactElement, ReactNode } from 'react';
import Heading from '@theme/Heading';
import { expect, test } from 'vitest';
import type { LightDocContent } from '../../core/openapi/lightDoc';
import { docContent, type DocContent } from './lightContent';
import ReferencePage, { SchemaPageExample, SchemaPageFields, SchemaPageIntro, SchemaPageUsedBy } from './ReferencePage';

const light: LightDocContent = {
  referencePage: '/openapi/data-v4/pages/get-team.json',
  metadata: {
    title: 'Get a team',
    permalink: '/docs/data-api/get-team',
    frontMatter: { hide_table_of_contents: true },
  },
};

test("a light page's module becomes the component and exports DocItem reads of an MDX module, once per module", () => {
  const content = docContent<DocContent>(light);
  expect(typeof content).toBe('function');
  expect(content.metadata).toBe(light.metadata);
  expect(content.frontMatter).toEqual({ hide_table_of_contents: true });
  expect(content.toc).toEqual([]);
  expect(content.contentTitle).toBeUndefined();
  // The same module gives the same component: a render does not remount the page.
  expect(docContent(light)).toBe(content);
  expect(docContent({ ...light })).not.toBe(content);
});

test("the component is the page's ReferencePage for its data route", () => {
  const Content = docContent<() => ReactElement<{ data: string }>>(light);
  const element = Content();
  expect(element.type).toBe(ReferencePage);
  expect(element.props.data).toBe('/openapi/data-v4/pages/get-team.json');
});

test("a schema page's component holds its intro and sections under their headings, which make its table of contents", () => {
  const schema = (example: boolean) =>
    docContent<DocContent & (() => ReactElement<{ data: string; children: ReactNode[] }>)>({
      ...light,
      referencePage: '/openapi/data-v4/pages/schemas/team.json',
      schema: { example },
    });
  const withExample = schema(true);
  expect(withExample.toc).toEqual([
    { value: 'Fields', id: 'fields', level: 2 },
    { value: 'Example', id: 'example', level: 2 },
    { value: 'Used by', id: 'used-by', level: 2 },
  ]);
  const element = withExample();
  expect(element.type).toBe(ReferencePage);
  expect(element.props.data).toBe('/openapi/data-v4/pages/schemas/team.json');
  const [intro, sections] = element.props.children as [
    ReactElement,
    ReactElement<{ as: string; id: string; children: string }>[][],
  ];
  expect(intro.type).toBe(SchemaPageIntro);
  expect(
    sections.flat().map((part) => (part.type === Heading ? `h2#${part.props.id} ${part.props.children}` : part.type)),
  ).toEqual([
    'h2#fields Fields',
    SchemaPageFields,
    'h2#example Example',
    SchemaPageExample,
    'h2#used-by Used by',
    SchemaPageUsedBy,
  ]);
  expect(schema(false).toc.map((entry) => entry.id)).toEqual(['fields', 'used-by']);
});

test("what the docs plugin's DocProvider reads of a content module is what a light page gives (Docusaurus 3.10.2)", () => {
  // An upgrade that reads another export of the MDX module fails here, before a light page renders without it.
  const provider = readFileSync('node_modules/@docusaurus/plugin-content-docs/lib/client/doc.js', 'utf8');
  const read = [...new Set([...provider.matchAll(/\bcontent\.([A-Za-z]+)/g)].map((match) => match[1]))].sort();
  expect(read).toEqual(['assets', 'contentTitle', 'frontMatter', 'metadata', 'toc']);
  const content = docContent<DocContent>(light);
  for (const name of read) expect(Object.hasOwn(content, name), name).toBe(true);
});

test('an MDX module passes through as it is', () => {
  const Mdx = Object.assign(() => null, {
    metadata: {},
    frontMatter: {},
    toc: [],
    contentTitle: undefined,
    assets: {},
  });
  expect(docContent(Mdx)).toBe(Mdx);
});
