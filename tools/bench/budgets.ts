/**
 * Deterministic weight budgets: uncompressed JavaScript bytes Chromium fetches to load a page type.
 *
 * The API reference issue sets 540 KB for a guide page (a vanilla Docusaurus page weighs 521 KB with this Docusaurus
 * version, measured by `npm run bench`) and 1,200 KB for an operation page. Three changes hold the guide under it
 * with 174 generated reference pages on the site: the code highlighter carries only the site's languages
 * (src/core/prism), the docs plugins' global data leaves out the doc lists nothing reads (src/plugins/lean-docs), and
 * the reference pages' share of Docusaurus's route tables loads with those pages (src/plugins/lazy-routes).
 */
export const javascriptBudgets = {
  guide: 540 * 1024,
  operation: 1200 * 1024,
} as const;

/** Bytes the first search query may download, search code and index parts together (issue 18: at any API size). */
export const firstSearchQueryBudget = 300 * 1024;
