import { useEffect, useId, useState, type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import { changeSummary, plural, type ChangeView, type EntryView } from '@site/src/core/changelog';
import styles from './styles.module.css';

interface Props {
  entries: EntryView[];
  /** The page's Atom feed. */
  feed: string;
  /** The APIs the page covers; with more than one, entries can be filtered by API and carry the API's name. */
  apis: { id: string; title: string }[];
}

interface Filter {
  api: string;
  breakingOnly: boolean;
}

/** The filter in the address (`?api=data-v4&breaking=1`), so a filtered view can be linked. */
function readFilter(apis: Props['apis']): Filter {
  const params = new URLSearchParams(window.location.search);
  const api = params.get('api') ?? '';
  return {
    api: apis.some((candidate) => candidate.id === api) ? api : '',
    breakingOnly: params.get('breaking') === '1',
  };
}

function writeFilter(filter: Filter): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('api');
  url.searchParams.delete('breaking');
  if (filter.api) url.searchParams.set('api', filter.api);
  if (filter.breakingOnly) url.searchParams.set('breaking', '1');
  window.history.replaceState(window.history.state, '', url);
}

function Change({ change }: { change: ChangeView }): ReactNode {
  const where = change.href ? <Link to={change.href}>{change.where}</Link> : <span>{change.where}</span>;
  return (
    <li className={styles.change}>
      {change.breaking && <span className={styles.breaking}>Breaking</span>} <code>{where}</code>: {change.what}
      {change.removed && <span className={styles.removed}> (no longer in the reference)</span>}
    </li>
  );
}

function Changes({ title, changes }: { title: string; changes: ChangeView[] }): ReactNode {
  if (changes.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {changes.map((change, index) => (
          <Change key={index} change={change} />
        ))}
      </ul>
    </>
  );
}

function Entry({
  entry,
  showApi,
  breakingOnly,
}: {
  entry: EntryView;
  showApi: boolean;
  breakingOnly: boolean;
}): ReactNode {
  const anchor = showApi ? `${entry.api}-${entry.id}` : entry.id;
  useBrokenLinks().collectAnchor(anchor);
  const breaking = entry.changes.filter((change) => change.breaking);
  const others = entry.changes.filter((change) => !change.breaking);
  const version =
    entry.versionBefore === entry.versionAfter
      ? `Version ${entry.versionAfter}`
      : `Version ${entry.versionBefore} to ${entry.versionAfter}`;
  return (
    <section className={styles.entry} aria-labelledby={anchor}>
      <h2 id={anchor} className={styles.entryTitle}>
        <time dateTime={entry.date}>{entry.date}</time>
        {showApi && <> · {entry.apiTitle}</>}
        <Link
          className="hash-link"
          to={showApi ? entry.href : `#${anchor}`}
          aria-label={`Link to the entry of ${entry.date}`}
        />
      </h2>
      <p className={styles.summary}>
        {version}. {changeSummary(entry)}.
      </p>
      {entry.note && <p>{entry.note}</p>}
      <Changes title="Breaking changes" changes={breaking} />
      {!breakingOnly && <Changes title="Other changes" changes={others} />}
    </section>
  );
}

/**
 * An API changelog: entries newest first, breaking changes first within each, every change linked to its reference
 * page and anchor. The server renders every entry; after hydration the reader can filter by API and to breaking
 * changes, and the filter is kept in the address.
 */
export default function Changelog({ entries, feed, apis }: Props): ReactNode {
  const id = useId();
  const feedUrl = useBaseUrl(feed);
  const [filter, setFilter] = useState<Filter>({ api: '', breakingOnly: false });
  // The server renders every entry; the filter in the address applies once the page runs.
  useEffect(() => {
    const sync = () => setFilter(readFilter(apis));
    sync();
  }, [apis]);
  const update = (next: Filter) => {
    setFilter(next);
    writeFilter(next);
  };
  const showApi = apis.length > 1;
  const shown = entries.filter(
    (entry) => (!filter.api || entry.api === filter.api) && (!filter.breakingOnly || entry.breakingCount > 0),
  );
  return (
    <div className={styles.changelog}>
      <Head>
        <link rel="alternate" type="application/atom+xml" title="Atom feed of this changelog" href={feedUrl} />
      </Head>
      <p>
        Follow it in a feed reader: <a href={feedUrl}>Atom feed</a>.
      </p>
      <form className={styles.filters} aria-label="Filter the changelog" onSubmit={(event) => event.preventDefault()}>
        {showApi && (
          <label htmlFor={`${id}-api`}>
            API{' '}
            <select
              id={`${id}-api`}
              value={filter.api}
              onChange={(event) => update({ ...filter, api: event.target.value })}
            >
              <option value="">All APIs</option>
              {apis.map((api) => (
                <option key={api.id} value={api.id}>
                  {api.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <label htmlFor={`${id}-breaking`}>
          <input
            id={`${id}-breaking`}
            type="checkbox"
            checked={filter.breakingOnly}
            onChange={(event) => update({ ...filter, breakingOnly: event.target.checked })}
          />{' '}
          Breaking changes only
        </label>
      </form>
      <p className={styles.count} role="status">
        {entries.length === 0
          ? 'No changes recorded yet.'
          : `${plural(shown.length, 'entry', 'entries')} shown of ${entries.length}.`}
      </p>
      {shown.map((entry) => (
        <Entry key={`${entry.api}-${entry.id}`} entry={entry} showApi={showApi} breakingOnly={filter.breakingOnly} />
      ))}
    </div>
  );
}
