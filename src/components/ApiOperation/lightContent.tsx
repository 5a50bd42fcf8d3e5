import type { ComponentType } from 'react';
import type { LightDocContent } from '@site/src/core/openapi/lightDoc';
import ReferencePage from './ReferencePage';

/** What Docusaurus's DocItem reads of a doc's content module: its component, with the MDX module's exports on it. */
export type DocContent = ComponentType & {
  metadata: unknown;
  frontMatter: Record<string, unknown>;
  toc: readonly unknown[];
  contentTitle: string | undefined;
  assets: Record<string, unknown>;
};

/** One component per light page's module, made once, so a render keeps the page's content (no remount). */
const made = new WeakMap<LightDocContent, DocContent>();

/**
 * A generated reference page's content: its MDX module, or the JSON module the lean-docs plugin routes it to
 * (src/build/pages/lightDocs.ts), given the shape DocItem reads of an MDX module: a component rendering the page's
 * `ReferencePage` and the doc's metadata. Such a page has no headings of its own in Markdown (no table of contents)
 * and no title in its body (DocItem writes it from the metadata), as its MDX had none.
 */
export function docContent<Content>(content: Content | LightDocContent): Content {
  if (typeof content === 'function') return content;
  const light = content as LightDocContent;
  const known = made.get(light);
  if (known) return known as Content;
  const Page = () => <ReferencePage data={light.referencePage} />;
  const component: DocContent = Object.assign(Page, {
    metadata: light.metadata,
    frontMatter: light.metadata.frontMatter ?? {},
    toc: [],
    contentTitle: undefined,
    assets: {},
  });
  made.set(light, component);
  return component as Content;
}
