/**
 * The browser side of search: loads Pagefind's script from the build (only when a reader starts searching) and asks
 * it for a query's pages, which lib/search/rank.ts orders.
 */
import { normalizeQuery, rankCandidates, type Candidate, type PagefindData, type SearchHit } from './rank';

interface PagefindResult {
  id: string;
  score: number;
  data: () => Promise<PagefindData>;
}

export interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (
    query: string,
    options?: { filters?: Record<string, string> },
  ) => Promise<{ results: PagefindResult[] } | null>;
}

/**
 * Pagefind's own weights: the page title (its h1) and the names of calls and schemas count above body text; a
 * long page is not punished much for its length, since the overview and the long guides are often the answer.
 */
export const pagefindRanking = {
  metaWeights: { title: 6, operation: 8, endpoint: 6, schema: 6 },
  pageLength: 0.4,
};

let loading: Promise<Pagefind> | undefined;

/** Pagefind, loaded once per page view from `<baseUrl><folder>/pagefind.js`. */
export function loadPagefind(baseUrl: string, folder = 'pagefind'): Promise<Pagefind> {
  loading ??= (async () => {
    const url = `${baseUrl}${folder}/pagefind.js`;
    const pagefind = (await import(/* webpackIgnore: true */ url)) as Pagefind;
    // On the page's own thread, not in Pagefind's worker: the worker is a second copy of Pagefind's code (43 KB) that
    // every first query downloaded, and the search itself is small. Measured at Microsoft Graph's size (14,700 pages,
    // the relevance set's 58 first queries, 2026-11-28): median 304 KB -> 262 KB, results 182 ms -> 168 ms first, 7.5
    // ms -> 5.4 ms with the parts cached. The CSP already allows the WebAssembly (`wasm-unsafe-eval`).
    await pagefind.options({ ranking: pagefindRanking, excerptLength: 24, noWorker: true });
    await pagefind.init();
    return pagefind;
  })();
  // A failed load (offline, a missing index) is tried again on the next search, not remembered.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export interface SearchRequest {
  query: string;
  /** Only pages of this section (`Guides`, `Data API`, `Schemas`). */
  section?: string;
  /** How many rows to return. */
  limit: number;
}

/**
 * The rows of a query, best first. Pagefind finds the pages holding every word; when they are few, the pages holding
 * some of the words follow, so a query with one word too many still finds its page.
 */
export async function searchPages(pagefind: Pagefind, { query, section, limit }: SearchRequest): Promise<SearchHit[]> {
  const normalized = normalizeQuery(query);
  if (!normalized) return [];
  const options = section ? { filters: { section } } : undefined;
  const found = new Map<string, { result: PagefindResult; score: number; complete: boolean }>();
  for (const result of (await pagefind.search(normalized, options))?.results ?? []) {
    found.set(result.id, { result, score: result.score, complete: true });
  }
  const words = normalized.split(' ');
  if (found.size < limit && words.length > 1) {
    const partial = await Promise.all(words.map((word) => pagefind.search(word, options)));
    for (const result of partial.flatMap((answer) => answer?.results ?? [])) {
      const known = found.get(result.id);
      if (!known) found.set(result.id, { result, score: result.score, complete: false });
      else if (!known.complete) known.score += result.score;
    }
  }
  // Data is fetched (one small fragment per page) for a few more pages than shown, so ranking can reorder them.
  const top = [...found.values()]
    .sort((a, b) => Number(b.complete) - Number(a.complete) || b.score - a.score)
    .slice(0, limit + 6);
  const candidates: Candidate[] = await Promise.all(
    top.map(async ({ result, score, complete }) => ({ score, complete, data: await result.data() })),
  );
  return rankCandidates(query, candidates).slice(0, limit);
}
