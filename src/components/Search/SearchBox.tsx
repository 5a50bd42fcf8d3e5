import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type { SearchHit } from '@site/src/core/search/rank';
import Excerpt from './Excerpt';
import { useSearch } from './useSearch';
import styles from './styles.module.css';

const noHits: readonly SearchHit[] = [];

/** Rows in the dropdown; the results page shows more, with filters. */
const dropdownRows = 8;

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

function HitRow({ hit }: { hit: SearchHit }): ReactNode {
  return (
    <>
      <span className={styles.hitHead}>
        <span className={styles.hitTitle}>
          {hit.title}
          {hit.heading && <span className={styles.hitHeading}> › {hit.heading}</span>}
        </span>
        <span className={styles.hitSection}>{hit.section}</span>
      </span>
      <Excerpt html={hit.excerpt} />
    </>
  );
}

/**
 * The navbar's search: a WAI-ARIA combobox with a listbox of results. Ctrl+K / Cmd+K focuses it; arrows move through
 * the results, Enter opens one (or the results page when none is chosen), Escape closes the list. Focus only moves
 * when the reader asks (the shortcut): loading the index never takes it.
 */
export default function SearchBox(): ReactNode {
  const history = useHistory();
  const resultsPage = useBaseUrl('/search');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // The chosen row belongs to the results it was chosen in: new results start with none chosen.
  const [cursor, setCursor] = useState<{ hits: readonly SearchHit[]; index: number }>({ hits: noHits, index: -1 });
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLFormElement>(null);
  const id = useId();
  const listId = `${id}-results`;
  const state = useSearch(query, dropdownRows);
  const hits = state.status === 'done' ? state.hits : noHits;
  const active = cursor.hits === hits ? cursor.index : -1;
  const setActive = (index: number) => setCursor({ hits, index });
  const expanded = open && query.trim() !== '';
  // The shortcut's name on the reader's keyboard, once in the browser (the server renders the common one).
  const shortcut = useIsBrowser() && isMac() ? '⌘ K' : 'Ctrl K';

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
        setOpen(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  const go = (hit: SearchHit) => {
    setOpen(false);
    input.current?.blur();
    history.push(hit.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      setActive(event.key === 'ArrowDown' ? (active + 1) % hits.length : active <= 0 ? hits.length - 1 : active - 1);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === 'Enter') {
      const hit = hits[active];
      if (expanded && hit) {
        event.preventDefault();
        go(hit);
      }
    }
  };

  const status =
    state.status === 'failed'
      ? state.message
      : state.status === 'done'
        ? state.hits.length === 0
          ? `No results for “${state.query}”`
          : `${state.hits.length === dropdownRows ? `Top ${dropdownRows}` : state.hits.length} results`
        : state.status === 'loading'
          ? 'Searching…'
          : '';

  return (
    <form
      ref={root}
      role="search"
      // Named: the results page has a search form of its own, and two landmarks of a kind need distinct names.
      aria-label="Site search"
      action={resultsPage}
      className={styles.box}
      onSubmit={(event) => {
        // Enter without a chosen result: every result, on the results page.
        event.preventDefault();
        setOpen(false);
        history.push(`${resultsPage}?q=${encodeURIComponent(query)}`);
      }}
    >
      <label htmlFor={`${id}-input`} className={styles.visuallyHidden}>
        Search the docs
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        name="q"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search"
        className={`navbar__search-input ${styles.input}`}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <kbd className={styles.shortcut} aria-hidden="true">
        {shortcut}
      </kbd>
      <div className={styles.popup} hidden={!expanded}>
        <ul
          role="listbox"
          id={listId}
          aria-label="Search results"
          className={styles.hits}
          data-query={state.status === 'done' ? state.query : undefined}
        >
          {hits.map((hit, index) => (
            <li
              key={hit.url}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              data-href={hit.url}
              className={styles.hit}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => go(hit)}
              onPointerMove={() => setActive(index)}
            >
              <HitRow hit={hit} />
            </li>
          ))}
        </ul>
        <p role="status" className={styles.status}>
          {status}
        </p>
        {state.status === 'done' && state.hits.length > 0 && (
          <Link
            className={styles.allResults}
            to={`/search?q=${encodeURIComponent(query)}`}
            onClick={() => setOpen(false)}
          >
            All results for “{query}”, by section
          </Link>
        )}
      </div>
    </form>
  );
}
