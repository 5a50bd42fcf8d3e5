import { xmlText } from '../../../lib/text/escape';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { isObject, listOperations, text, type JsonObject } from '../../../lib/openapi/document';
import { operationSlug, schemaSlug } from '../../../lib/openapi/view';
import { anchorId } from '../../../components/ApiReference/anchors';
import { componentSchemas } from '../../../lib/openapi/document';
import { diffDocuments, fieldsOf, type Change } from './diff';
import { writeFileAtomic } from './writeAtomic';
import { badgeDays, changeSummary, type Badge, type ChangeView, type EntryView } from '../../../lib/changelog';

export type { Badge, ChangeView, EntryView };

/**
 * The API changelog: what `npm run specs:pull` found each time it replaced a vendored document, kept per API in a
 * committed history file (`openapi/changelog/<id>.json`) that is only ever appended to, and what the site makes of
 * it: a page per API and one for all, Atom feeds, and "Changed" badges on the reference.
 */

/** One pull that changed a document. */
export interface ChangelogEntry {
  /** Unique within the API's history and stable: the anchor of the entry on the changelog pages. */
  id: string;
  /** Day of the pull, `YYYY-MM-DD` (UTC). */
  date: string;
  /** `info.version` of the document before and after, and a digest of each (versions rarely change). */
  before: { version: string; digest: string };
  after: { version: string; digest: string };
  /** A short human note, from `specs:pull --note` or written into the file afterwards. */
  note?: string;
  /** Every difference, operations added included; breaking ones flagged. */
  changes: Change[];
}

export interface ChangelogHistory {
  api: string;
  entries: ChangelogEntry[];
}

function digest(document: JsonObject): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 12);
}

function versionOf(document: JsonObject): string {
  return isObject(document.info) ? text(document.info.version) : '';
}

/**
 * The most an entry records, so that one pull cannot grow the committed history, the changelog pages and the feeds
 * without end (a document with 10,000 new fields added 2 MB to each): changes beyond `changes` are summed up in one
 * line, breaking ones kept first; a name longer than `text` characters is cut. A real pull stays far below (the
 * largest entry of our histories has a few dozen changes).
 */
export const entryLimits = { changes: 500, text: 300 } as const;

function shortened(value: string): string {
  return value.length > entryLimits.text ? `${value.slice(0, entryLimits.text)}…` : value;
}

function limitedChanges(changes: Change[]): Change[] {
  // In the order found while everything fits; past the limit, the breaking ones first, so none of them is cut.
  const ordered =
    changes.length <= entryLimits.changes
      ? changes
      : [...changes.filter((change) => change.breaking), ...changes.filter((change) => !change.breaking)];
  const kept = ordered
    .slice(0, entryLimits.changes)
    .map((change) => ({ ...change, where: shortened(change.where), what: shortened(change.what) }));
  const left = ordered.slice(entryLimits.changes);
  if (left.length === 0) return kept;
  const breaking = left.filter((change) => change.breaking).length;
  return [
    ...kept,
    {
      where: 'This entry',
      what: `${left.length} more changes (${breaking} breaking) not listed: an entry keeps ${entryLimits.changes}; compare the documents for the rest`,
      breaking: breaking > 0,
    },
  ];
}

/** The entry a pull from `before` to `after` adds on `date`; its id is unique among `taken`. */
export function createEntry(
  before: JsonObject,
  after: JsonObject,
  options: { date: string; note?: string; taken?: readonly string[] },
): ChangelogEntry {
  const diff = diffDocuments(before, after);
  const added: Change[] = diff.addedOperations.map((operation) => ({
    where: operation,
    operation,
    what: 'operation added',
    breaking: false,
  }));
  let id = options.date;
  for (let n = 2; options.taken?.includes(id); n += 1) id = `${options.date}-${n}`;
  const note = options.note?.trim();
  return {
    id,
    date: options.date,
    before: { version: versionOf(before), digest: digest(before) },
    after: { version: versionOf(after), digest: digest(after) },
    ...(note ? { note } : {}),
    changes: limitedChanges([...added, ...diff.changes]),
  };
}

/** Reads a history file; a missing file is an empty history. A file that is not one throws, naming the file. */
export async function readHistory(filePath: string, api: string): Promise<ChangelogHistory> {
  let raw: string;
  try {
    raw = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { api, entries: [] };
    throw error;
  }
  const parsed = JSON.parse(raw) as Partial<ChangelogHistory>;
  if (parsed.api !== api || !Array.isArray(parsed.entries)) {
    throw new Error(`${filePath} is not the changelog of ${api}: expected { "api": "${api}", "entries": [...] }`);
  }
  return parsed as ChangelogHistory;
}

/**
 * Appends an entry to an API's history and writes the file atomically. Entries already there are kept as they are,
 * notes edited by hand included; the new one goes last, so the file reads oldest first, like a log.
 */
export async function appendEntry(filePath: string, api: string, entry: ChangelogEntry): Promise<ChangelogHistory> {
  const history = await readHistory(filePath, api);
  if (history.entries.some((existing) => existing.id === entry.id)) {
    throw new Error(`${filePath} already has an entry ${entry.id}`);
  }
  const next = { api, entries: [...history.entries, entry] };
  await writeFileAtomic(filePath, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}

export interface ChangelogViewOptions {
  api: string;
  apiTitle: string;
  /** Where the API's reference pages are (`/docs/data-api`). */
  linkBase: string;
  /** The API's changelog page (`/docs/data-api/changelog`). */
  page: string;
}

type Location = Pick<ChangeView, 'href' | 'removed' | 'target' | 'parent'>;

/** Where a change points in today's document: its page and anchor, or the nearest part of it that still exists. */
export function locate(document: JsonObject, change: Change, linkBase: string): Location {
  const gone = /\bremoved$/.test(change.what);
  if (change.operation) {
    const operation = change.operation;
    const target = change.parameter ? `${operation} ${change.parameter}` : operation;
    const ref = listOperations(document).find((c) => `${c.method.toUpperCase()} ${c.path}` === operation);
    if (!ref) return { removed: true, target, parent: operation };
    const page = `${linkBase}/${operationSlug(document, ref)}`;
    const at = { target, parent: operation };
    if (change.parameter && !gone) return { ...at, href: `${page}#${anchorId('parameter', change.parameter)}` };
    if (change.response && !gone) return { ...at, href: `${page}#${anchorId('response', change.response)}` };
    return { ...at, href: page, ...(gone ? { removed: true } : {}) };
  }
  const name = change.schema ?? change.where.replace(/^schema /, '');
  const at = { target: change.field ? `${name}.${change.field}` : name, parent: name };
  const schema = componentSchemas(document)[name];
  if (!isObject(schema)) return { ...at, removed: true };
  const page = `${linkBase}/${schemaSlug(document, name)}`;
  if (change.field && change.field in fieldsOf(schema)) {
    return { ...at, href: `${page}#${anchorId('field', change.field)}` };
  }
  return { ...at, href: page, ...(change.field ? { removed: true } : {}) };
}

/** The entries of one API, newest first, linked into today's document. */
export function changelogView(
  history: ChangelogHistory,
  document: JsonObject,
  options: ChangelogViewOptions,
): EntryView[] {
  return [...history.entries].reverse().map((entry) => {
    const changes = entry.changes.map((change) => ({
      where: change.where,
      what: change.what,
      breaking: change.breaking,
      ...locate(document, change, options.linkBase),
    }));
    return {
      id: entry.id,
      api: options.api,
      apiTitle: options.apiTitle,
      date: entry.date,
      versionBefore: entry.before.version,
      versionAfter: entry.after.version,
      ...(entry.note ? { note: entry.note } : {}),
      href: `${options.page}#${entry.id}`,
      changes: [...changes.filter((change) => change.breaking), ...changes.filter((change) => !change.breaking)],
      breakingCount: changes.filter((change) => change.breaking).length,
    };
  });
}

/** Every API's entries in one list, newest first (APIs in their configured order on the same day). */
export function mergeViews(views: EntryView[][]): EntryView[] {
  return views
    .flatMap((entries, order) => entries.map((entry) => ({ entry, order })))
    .sort((a, b) => b.entry.date.localeCompare(a.entry.date) || a.order - b.order)
    .map(({ entry }) => entry);
}

/** What changed within `days` before `now`, by target (`GET /path`, `GET /path limit`, `Schema`, `Schema.field`). */
export function recentChanges(entries: EntryView[], now: Date, days = badgeDays): Record<string, Badge> {
  const since = now.getTime() - days * 24 * 60 * 60 * 1000;
  const badges: Record<string, Badge> = {};
  for (const entry of entries) {
    const time = Date.parse(`${entry.date}T00:00:00Z`);
    if (!(time >= since && time <= now.getTime())) continue;
    for (const change of entry.changes) {
      // Something removed has no page for a badge; the operation or schema it was part of, when it remains, has.
      const keys = change.removed ? (change.href ? [change.parent] : []) : [change.target, change.parent];
      for (const key of new Set(keys)) {
        const known = badges[key];
        if (!known || known.date < entry.date) {
          badges[key] = { date: entry.date, href: entry.href, breaking: change.breaking };
        } else if (known.date === entry.date && change.breaking) known.breaking = true;
      }
    }
  }
  return badges;
}

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
 * An Atom feed (RFC 4287) of changelog entries, newest first. Entry text comes from documents and notes, so every
 * text is escaped; the content is HTML escaped once more, as `type="html"` requires.
 */
export function atomFeed(entries: EntryView[], options: FeedOptions): string {
  const url = (path: string) => `${options.siteUrl}${path}`;
  const updated = entries[0] ? `${entries[0].date}T00:00:00Z` : options.fallbackUpdated;
  const items = entries.map((entry) => {
    const title = `${entry.apiTitle}, ${entry.date}: ${changeSummary(entry)}`;
    const html = [
      ...(entry.note ? [`<p>${xmlText(entry.note)}</p>`] : []),
      '<ul>',
      ...entry.changes.map((change) => {
        const label = `${change.breaking ? 'Breaking: ' : ''}${change.where}: ${change.what}${change.removed ? ' (removed)' : ''}`;
        return change.href
          ? `<li><a href="${xmlText(url(change.href))}">${xmlText(label)}</a></li>`
          : `<li>${xmlText(label)}</li>`;
      }),
      '</ul>',
    ].join('');
    return [
      '  <entry>',
      `    <id>${xmlText(url(entry.href))}</id>`,
      `    <title>${xmlText(title)}</title>`,
      `    <updated>${entry.date}T00:00:00Z</updated>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(url(entry.href))}"/>`,
      `    <category term="${xmlText(entry.api)}" label="${xmlText(entry.apiTitle)}"/>`,
      `    <content type="html">${xmlText(html)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(url(options.page))}</id>`,
    `  <title>${xmlText(options.title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(url(options.feed))}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(url(options.page))}"/>`,
    `  <author><name>${xmlText(options.author)}</name></author>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}
