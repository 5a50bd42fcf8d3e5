/**
 * Deterministic weight budgets: uncompressed JavaScript bytes Chromium fetches to load a page type, from the issues
 * that set them. The anchor is a vanilla Docusaurus page (about 470 KB with this Docusaurus version); a guide page
 * may be at most 1.15x that.
 */
export const javascriptBudgets = {
  guide: 540 * 1024,
} as const;
