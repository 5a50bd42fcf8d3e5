import { apis } from './apis';

/**
 * Offline search (src/build/search-index, src/theme/SearchBar): a Pagefind index of the guides and of every call
 * and schema page, written after the build in chunks the browser fetches as a query needs them. No hosted service.
 * Chosen over the lunr plugin it replaced on measured relevance and bytes (ARCHITECTURE.md, "Search and exports for
 * AI tools").
 */
export const search = {
  docsRoutes: ['/docs', '/getting-started'],
  apis: apis.map((api) => ({ id: api.id, title: api.title, linkBase: `/docs/${api.folder}` })),
  rootSelector: 'article',
  // What is not prose: code blocks and samples, the call's right column (samples, explorer, response examples), its
  // facts line (server and credential, the same on every call), error statuses (the same on every call: the
  // overview explains them), a schema's list of the calls that use it, an overview's list of every call (each has
  // its own page), the page menu, the breadcrumbs and the phone's table of contents (headings the page holds anyway),
  // and the words every field and body repeats: its type, "or null", "Show the N fields of", the content type. The
  // components mark those `data-search-skip`, always on an element whose end tag the minified page keeps (a span, not a
  // `<p>` or `<li>`: Pagefind would leave out what follows up to the parent's end).
  excludeSelectors: ['pre', '.theme-code-block', '.breadcrumbs', '.theme-doc-toc-mobile', '[data-search-skip]'],
  outputDir: 'pagefind',
};
