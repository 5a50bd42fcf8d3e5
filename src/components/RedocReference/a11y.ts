/**
 * Redoc renders its media-type switches as bare `<select>` elements without a label, which screen readers announce
 * as nothing (axe: select-name). Names each by what it switches; already named ones are left alone.
 */
export function labelMediaTypeSelects(root: ParentNode): number {
  let labelled = 0;
  for (const select of Array.from(root.querySelectorAll('select'))) {
    if (select.hasAttribute('aria-label') || select.hasAttribute('aria-labelledby') || select.labels?.length) continue;
    select.setAttribute('aria-label', 'Media type');
    labelled += 1;
  }
  return labelled;
}

/** The same for the server-rendered markup, as text. */
export function labelMediaTypeSelectsHtml(html: string): string {
  return html.replace(/<select(?![^>]*\baria-label)/g, '<select aria-label="Media type"');
}
