/**
 * What a generated reference page's JSON module holds when its route skips the page's MDX (the lean-docs plugin,
 * src/build/pages/lightDocs.ts): the route of the page's data and the doc's metadata, the part of an MDX module that
 * Docusaurus's DocItem reads. The `/docs` page component renders it (src/components/ApiOperation/DocItem.tsx).
 */
export interface LightDocContent {
  referencePage: string;
  metadata: { frontMatter?: Record<string, unknown> } & Record<string, unknown>;
}
