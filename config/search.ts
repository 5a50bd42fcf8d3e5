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
  // How much of the word index one file holds, in Pagefind's unit (a word's places in a page, plus one per page): a
  // query fetches the file holding each of its words, so a smaller file is fewer bytes a query. Pagefind's default is
  // 20,000. Measured at Microsoft Graph's size (14,257 pages, the relevance set's 58 first queries, 2026-11-29):
  // 20,000 -> 205 files, first query median 250 KB and max 321 KB; 8,000 -> 302 KB max; 4,000 -> 516 files, median
  // 230 KB, max 274 KB, the metadata every query loads 95 -> 99 KB; 2,000 -> no smaller (230 / 274 KB), metadata 102
  // KB. Our site alone: median 154 -> 130 KB, max 204 -> 149 KB. The relevance set's MRR and top-3 are unchanged in
  // the benchmark's builds at every size (0.95 / 0.98 ours, 0.87 / 0.88 at Graph's). A word's longer forms are
  // matched within its own file only (pagefind_web's request_indexes), so a smaller file could miss some: none of the
  // set's queries did.
  indexChunkSize: 4000,
};
