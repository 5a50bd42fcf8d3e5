import type { MarkdownTrees } from '@site/src/core/markdown/tree';

/**
 * What the server renders each single-page reference from: the build-time document and its parsed descriptions
 * (written by src/plugins/single-page-reference, a module only the server bundle imports).
 */
export type ServerDocuments = Record<
  string,
  | {
      document: object;
      markdown: MarkdownTrees;
      /** A reference split by tag: each tag page's parsed descriptions, by its slug (`tagSlice`'s own links). */
      tags?: Record<string, MarkdownTrees>;
    }
  | undefined
>;

/**
 * The browser's side of `@portal/reference-documents`: no document. The page hydrates from the document it loads
 * (see store.ts), so the build-time document is not also shipped inside the page's JavaScript, nor its descriptions.
 */
const documents: ServerDocuments = {};
export default documents;
