import { useEffect, useRef, useState } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { loadPagefind, searchPages } from '@site/src/core/search/pagefind';
import type { SearchHit } from '@site/src/core/search/rank';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; query: string; hits: SearchHit[] }
  | { status: 'failed'; message: string };

/**
 * The rows of `query`, kept current as it changes: Pagefind is loaded on the first query (never with the page), a
 * newer query's answer replaces an older one's, and a failure (offline, no index) is a message, not an exception.
 */
export function useSearch(query: string, limit: number, section?: string): SearchState {
  const { siteConfig } = useDocusaurusContext();
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const latest = useRef(0);
  useEffect(() => {
    const asked = ++latest.current;
    if (!query.trim()) {
      setState({ status: 'idle' });
      return;
    }
    setState((previous) => (previous.status === 'done' ? previous : { status: 'loading' }));
    const timer = window.setTimeout(() => {
      const started = performance.now();
      loadPagefind(siteConfig.baseUrl)
        .then((pagefind) => searchPages(pagefind, { query, limit, section }))
        .then((hits) => {
          if (asked !== latest.current) return;
          // How long the index took to answer, for the benchmark (User Timing, read by tools/bench/lib/search.ts).
          performance.measure('search:results', { start: started });
          setState({ status: 'done', query, hits });
        })
        .catch((error: unknown) => {
          if (asked !== latest.current) return;
          const reason = error instanceof Error ? error.message : String(error);
          setState({ status: 'failed', message: `Search is unavailable: ${reason}` });
        });
    }, 40);
    return () => window.clearTimeout(timer);
  }, [query, limit, section, siteConfig.baseUrl]);
  return state;
}
