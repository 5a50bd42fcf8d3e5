import { useMemo, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import { usePluginData } from '@docusaurus/useGlobalData';
import Excerpt from '@site/src/components/Search/Excerpt';
import { useSearch } from '@site/src/components/Search/useSearch';
import styles from '@site/src/components/Search/styles.module.css';

/** How many results the page asks for; the filters narrow them by section. */
const pageRows = 40;

/**
 * Every result of a query (`/search?q=…`), one per page, with its section; filters by section (`&section=…`) keep
 * their state in the address, so a filtered search can be shared.
 */
export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const { sections } = usePluginData('search-index') as { sections: string[] };
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const query = params.get('q') ?? '';
  const section = params.get('section') ?? '';
  const state = useSearch(query, pageRows);
  const hits = state.status === 'done' ? state.hits : [];
  const shown = section ? hits.filter((hit) => hit.section === section) : hits;

  const address = (next: { q?: string; section?: string }) => {
    const search = new URLSearchParams();
    const q = next.q ?? query;
    const s = next.section ?? section;
    if (q) search.set('q', q);
    if (s) search.set('section', s);
    return `${location.pathname}?${search.toString()}`;
  };

  const summary =
    state.status === 'failed'
      ? state.message
      : state.status === 'loading'
        ? 'Searching…'
        : state.status === 'done'
          ? shown.length === 0
            ? `No results for “${query}”${section ? ` in ${section}` : ''}.`
            : `${shown.length} result${shown.length === 1 ? '' : 's'} for “${query}”${section ? ` in ${section}` : ''}.`
          : 'Type what you are looking for: a call, a field, a status code, a guide.';

  return (
    <Layout title={query ? `Search: ${query}` : 'Search'} description="Search the guides and API references.">
      <main className={styles.page}>
        <h1>Search</h1>
        {/* Keyed by the query: a new address (back, a link) starts the box from its own query. */}
        <form
          key={query}
          role="search"
          aria-label="Search page"
          className={styles.pageForm}
          onSubmit={(event) => {
            event.preventDefault();
            const typed = new FormData(event.currentTarget).get('q');
            history.push(address({ q: typeof typed === 'string' ? typed.trim() : '' }));
          }}
        >
          <label htmlFor="search-page-input" className={styles.visuallyHidden}>
            Search the docs
          </label>
          <input
            id="search-page-input"
            name="q"
            type="search"
            className={styles.pageInput}
            defaultValue={query}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        <div role="group" aria-label="Filter by section" className={styles.filters}>
          {['', ...sections].map((name) => {
            const count = name ? hits.filter((hit) => hit.section === name).length : hits.length;
            return (
              <button
                key={name || 'all'}
                type="button"
                className={styles.filter}
                aria-pressed={section === name}
                onClick={() => history.replace(address({ section: name }))}
              >
                {name || 'All'}
                {state.status === 'done' ? ` (${count})` : ''}
              </button>
            );
          })}
        </div>
        <p role="status">{summary}</p>
        <ol className={styles.results}>
          {shown.map((hit) => (
            <li key={hit.url} className={styles.result}>
              <div className={styles.hitHead}>
                <Link to={hit.url}>
                  {hit.title}
                  {hit.heading ? ` › ${hit.heading}` : ''}
                </Link>
                <span className={styles.hitSection}>{hit.section}</span>
              </div>
              <Excerpt html={hit.excerpt} />
            </li>
          ))}
        </ol>
      </main>
    </Layout>
  );
}
