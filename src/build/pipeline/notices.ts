/**
 * How many notices of one kind the build's log shows for an API. Microsoft Graph beta has 420 calls whose page names
 * are cut: 420 lines buried the log, and any notice of another kind among them. `OPENAPI_NOTICES=all` shows them all.
 */
export const noticesShownPerKind = 5;

/**
 * A notice's kind: its text without what names the place (quoted names, paths, numbers, a call's method), so that
 * "operation GET /a would have a page name of 268 characters…" and the same of POST /b are one kind.
 */
export function noticeKind(notice: string): string {
  return notice
    .replace(/"[^"]*"/g, '""')
    .replace(/(?<![A-Za-z])'[^']*'(?![A-Za-z])/g, "''")
    .replace(/`[^`]*`/g, '``')
    .replace(/\/\S*/g, '/')
    .replace(/\b[A-Z]+\b(?= \/)/g, 'M')
    .replace(/\d+/g, '0');
}

/**
 * The lines to log for one API's notices, in their order: at most `perKind` of each kind, and after the last of a
 * kind shown, how many more of it there are. `perKind` of Infinity shows every one.
 */
export function noticeLines(notices: readonly string[], perKind: number = noticesShownPerKind): string[] {
  const total = new Map<string, number>();
  for (const notice of notices) total.set(noticeKind(notice), (total.get(noticeKind(notice)) ?? 0) + 1);
  const shown = new Map<string, number>();
  const lines: string[] = [];
  for (const notice of notices) {
    const kind = noticeKind(notice);
    const count = (shown.get(kind) ?? 0) + 1;
    shown.set(kind, count);
    if (count > perKind) continue;
    lines.push(notice);
    const more = (total.get(kind) ?? 0) - count;
    if (count === perKind && more > 0) {
      lines.push(
        `${more} more notice${more === 1 ? '' : 's'} like the one above (OPENAPI_NOTICES=all shows every one)`,
      );
    }
  }
  return lines;
}
