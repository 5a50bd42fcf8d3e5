/**
 * What the changelog pages and the reference's "Changed" badges receive from the build
 * (src/build/pipeline/changelog/view.ts makes them from each API's history file).
 */

/** One change as the changelog pages show it. */
export interface ChangeView {
  where: string;
  what: string;
  breaking: boolean;
  /** The reference page (and anchor) of what changed, or of the nearest part that still exists. */
  href?: string;
  /** What changed is no longer in the document. */
  removed?: boolean;
  /**
   * For badges: what changed (`GET /path`, `GET /path limit`, `Schema`, `Schema.field`) and the operation or schema
   * it belongs to, which has changed too.
   */
  target: string;
  parent: string;
}

/** One pull that changed an API's document. */
export interface EntryView {
  /** Anchor on the API's changelog page. */
  id: string;
  api: string;
  apiTitle: string;
  date: string;
  versionBefore: string;
  versionAfter: string;
  note?: string;
  /** The entry on its API's page. */
  href: string;
  /** Breaking changes first, then the others, each in the order the diff found them. */
  changes: ChangeView[];
  breakingCount: number;
}

/** A "Changed" badge: the newest recent entry that touched something. */
export interface Badge {
  date: string;
  href: string;
  breaking: boolean;
}

/** The badges of one operation page: the call's own and its parameters', by name. */
export interface OperationBadges {
  operation?: Badge;
  parameters?: Record<string, Badge>;
}

/** How long a change keeps its "Changed" badge in the reference, in days before the build. */
export const badgeDays = 90;

/** `1 breaking change`, `2 entries`: a count with its word. */
export function plural(count: number, word: string, words = `${word}s`): string {
  return `${count} ${count === 1 ? word : words}`;
}

/** An entry's changes in a phrase: `11 breaking changes, 46 other changes`. */
export function changeSummary(entry: EntryView): string {
  const others = entry.changes.length - entry.breakingCount;
  return `${plural(entry.breakingCount, 'breaking change')}, ${plural(others, 'other change')}`;
}
