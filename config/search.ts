/**
 * Offline full-text search (@easyops-cn/docusaurus-search-local): a lunr index built from the production HTML of
 * both docs instances (guides, partner pages, webhooks, every operation and schema page), fetched by the browser
 * only when the search box is used. No hosted service.
 */
export const search = {
  hashed: true,
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  docsRouteBasePath: ['docs', 'getting-started'],
  docsDir: ['docs', 'getting-started'],
  language: ['en'],
  explicitSearchResultPath: true,
  searchResultLimits: 10,
  searchResultContextMaxLength: 60,
  searchBarShortcut: true,
  searchBarShortcutKeymap: 'mod+k',
  highlightSearchTermsOnTargetPage: false,
};
