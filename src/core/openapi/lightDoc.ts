/**
 * What a generated reference page's JSON module holds when its route skips the page's MDX (the lean-docs plugin,
 * src/build/pages/lightDocs.ts): the route of the page's data and the doc's metadata, the part of an MDX module that
 * Docusaurus's DocItem reads. The `/docs` page component renders it (src/components/ApiOperation/DocItem.tsx).
 */
export interface LightDocContent {
  referencePage: string;
  metadata: { frontMatter?: Record<string, unknown> } & Record<string, unknown>;
  /** A schema page's: whether it has its Example section (the others it always has). */
  schema?: { example: boolean };
}

/**
 * A schema page's sections under its intro, in order: each an h2 heading (so the table of contents lists it) and
 * the part of the page's data under it. The MDX page writer (src/build/pages/mdxPages.ts) and the light page
 * (src/components/ApiOperation/lightContent.tsx) both write them from here; `id` is the heading's anchor, the slug
 * Docusaurus makes of its title.
 */
export const schemaPageSections = [
  { id: 'fields', title: 'Fields', part: 'SchemaPageFields' },
  { id: 'example', title: 'Example', part: 'SchemaPageExample' },
  { id: 'used-by', title: 'Used by', part: 'SchemaPageUsedBy' },
] as const;

/** The sections a schema page has: the Example only when its schema has one. */
export function schemaSections(example: boolean): (typeof schemaPageSections)[number][] {
  return schemaPageSections.filter((section) => example || section.id !== 'example');
}
