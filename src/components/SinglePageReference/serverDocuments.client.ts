/**
 * The browser's side of `@portal/reference-documents`: no document. The page hydrates from the document it loads
 * (see store.ts), so the build-time document is not also shipped inside the page's JavaScript.
 */
const documents: Record<string, object> = {};
export default documents;
