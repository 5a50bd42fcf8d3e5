/**
 * Element ids of the parts of a call a reader links to: `parameter-limit`, `response-200-items-name`. On a page with
 * several calls (the single-page reference) each id starts with the call's slug, so ids stay unique on the page.
 */

/** One part of an id: field and parameter names keep letters, digits, `_` and `-`; anything else becomes `-`. */
export function idPart(value: string): string {
  return (
    value
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'x'
  );
}

export function anchorId(...parts: (string | undefined)[]): string {
  return parts
    .filter((part): part is string => part !== undefined && part !== '')
    .map(idPart)
    .join('-');
}

/**
 * Whether the page's address points into a field below `id` (`#response-200-items-name` is below
 * `response-200-items`), so that field's parents open themselves.
 */
export function hashIsBelow(hash: string, id: string): boolean {
  const target = decodeURIComponent(hash.replace(/^#/, ''));
  return target.startsWith(`${id}-`);
}
