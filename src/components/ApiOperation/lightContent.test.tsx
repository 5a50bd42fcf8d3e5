import type { ReactElement } from 'react';
import { expect, test } from 'vitest';
import type { LightDocContent } from '../../core/openapi/lightDoc';
import { docContent, type DocContent } from './lightContent';
import ReferencePage from './ReferencePage';

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
