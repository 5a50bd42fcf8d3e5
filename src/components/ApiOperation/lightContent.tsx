import type { ComponentType, ReactNode } from 'react';
import Heading from '@theme/Heading';
import { schemaSections, type LightDocContent } from '@site/src/core/openapi/lightDoc';
import ReferencePage, { SchemaPageExample, SchemaPageFields, SchemaPageIntro, SchemaPageUsedBy } from './ReferencePage';

/** What Docusaurus's DocItem reads of a doc's content module: its component, with the MDX module's exports on it. */
export type DocContent = ComponentType & {
  metadata: unknown;
  frontMatter: Record<string, unknown>;
  toc: readonly { value: string; id: string; level: number }[];
  contentTitle: string | undefined;
  assets: Record<string, unknown>;
};

/** One component per light page's module, made once, so a render keeps the page's content (no remount). */
const made = new WeakMap<LightDocContent, DocContent>();

const parts: Record<ReturnType<typeof schemaSections>[number]['part'], () => ReactNode> = {
  SchemaPageFields,
  SchemaPageExample,
  SchemaPageUsedBy,
};

/**
 * A generated reference page's content: its MDX module, or the JSON module the lean-docs plugin routes it to
 * (src/build/pages/lightDocs.ts), given the shape DocItem reads of an MDX module: a component rendering the page's
 * `ReferencePage`, the doc's metadata, and the table of contents of its headings. A call's page has none (its MDX
 * had none); a schema page's are its sections' (schemaPageSections), written as its MDX's `##` headings render.
 */
export function docContent<Content>(content: Content | LightDocContent): Content {
  if (typeof content === 'function') return content;
  const light = content as LightDocContent;
  const known = made.get(light);
  if (known) return known as Content;
  const sections = light.schema ? schemaSections(light.schema.example) : [];
  const Page = () =>
    light.schema ? (
      <ReferencePage data={light.referencePage}>
        <SchemaPageIntro />
        {sections.map((section) => {
          const Part = parts[section.part];
          return [
            <Heading key={section.id} as="h2" id={section.id}>
              {section.title}
            </Heading>,
            <Part key={section.part} />,
          ];
        })}
      </ReferencePage>
    ) : (
      <ReferencePage data={light.referencePage} />
    );
  const component: DocContent = Object.assign(Page, {
    metadata: light.metadata,
    frontMatter: light.metadata.frontMatter ?? {},
    toc: sections.map((section) => ({ value: section.title, id: section.id, level: 2 })),
    contentTitle: undefined,
    assets: {},
  });
  made.set(light, component);
  return component as Content;
}
