import { isObject, listOperations, componentSchemas, type JsonObject } from '../../../core/openapi/document';
import { operationSlug, schemaSlug, webhookViews } from '../../../core/openapi/view';
import { anchorId } from '../../../core/openapi/anchors';
import { fieldsOf, type Change } from '../diff';
import { badgeDays, type Badge, type ChangeView, type EntryView } from '../../../core/changelog';
import type { ChangelogHistory } from './history';

/** What the changelog pages and the reference's "Changed" badges show of an API's history. */

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
  if (change.webhook) {
    const at = { target: `webhook ${change.webhook}`, parent: `webhook ${change.webhook}` };
    const view = webhookViews(document, '').find((candidate) => candidate.name === change.webhook);
    return view ? { ...at, href: `${linkBase}/${view.slug}` } : { ...at, removed: true };
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
