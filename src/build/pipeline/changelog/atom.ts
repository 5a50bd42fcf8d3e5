import { generateAtomFeed } from 'feedsmith';
import { changeSummary, type EntryView } from '../../../core/changelog';
import { htmlText, xmlChars } from '../../../core/text/escape';

export interface FeedOptions {
  title: string;
  /** Absolute URL of the site with its base path, without a trailing slash. */
  siteUrl: string;
  /** Site path of the changelog page the feed mirrors, and of the feed itself. */
  page: string;
  feed: string;
  author: string;
  /** `updated` of a feed without entries. */
  fallbackUpdated: string;
}

/**
 * An Atom feed (RFC 4287) of changelog entries, newest first, written by feedsmith, which escapes text and
 * attributes and splits every `]]>` of a CDATA section (the `feed` package Docusaurus's blog uses escapes neither an
 * attribute's `&` nor a second `]]>`, and a document's names reach both). What XML 1.0 forbids outright is left out
 * first (`xmlChars`), as no escape can carry it; the entry's content is HTML, so its text is HTML-escaped before.
 */
export function atomFeed(entries: EntryView[], options: FeedOptions): string {
  const url = (path: string) => xmlChars(`${options.siteUrl}${path}`);
  const text = (value: string) => ({ value: xmlChars(value), type: 'text' as const });
  const updated = entries[0] ? `${entries[0].date}T00:00:00Z` : options.fallbackUpdated;
  return generateAtomFeed({
    id: url(options.page),
    title: text(options.title),
    updated,
    links: [
      { rel: 'self', type: 'application/atom+xml', href: url(options.feed) },
      { rel: 'alternate', type: 'text/html', href: url(options.page) },
    ],
    authors: [{ name: xmlChars(options.author) }],
    entries: entries.map((entry) => {
      const html = [
        ...(entry.note ? [`<p>${htmlText(entry.note)}</p>`] : []),
        '<ul>',
        ...entry.changes.map((change) => {
          const label = htmlText(
            `${change.breaking ? 'Breaking: ' : ''}${change.where}: ${change.what}${change.removed ? ' (removed)' : ''}`,
          );
          return change.href ? `<li><a href="${htmlText(url(change.href))}">${label}</a></li>` : `<li>${label}</li>`;
        }),
        '</ul>',
      ].join('');
      return {
        id: url(entry.href),
        title: text(`${entry.apiTitle}, ${entry.date}: ${changeSummary(entry)}`),
        updated: `${entry.date}T00:00:00Z`,
        links: [{ rel: 'alternate', type: 'text/html', href: url(entry.href) }],
        categories: [{ term: xmlChars(entry.api), label: xmlChars(entry.apiTitle) }],
        content: { value: xmlChars(html), type: 'html' as const },
      };
    }),
  });
}
