import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { isObject, text, type JsonObject } from '../../../core/openapi/document';
import { diffDocuments, type Change } from '../diff';
import { writeFileAtomic } from '../writeAtomic';

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
