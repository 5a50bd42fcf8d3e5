/**
 * Escaping at output, one function per kind of output. Text from an OpenAPI document is a plain string everywhere
 * in the site (nothing is escaped on the way in); whatever writes it into a script's JSON or Markdown escapes
 * it here, with that output's own rules.
 */

/**
 * JSON for the inside of a `<script>` element (JSON-LD, inline data): `<`, `>` and `&` as JSON escapes, so no string
 * can close the script or open a comment, and the line separators JavaScript once refused.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const markdownEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text for Markdown inline prose: `&`, `<` and `>` as character references (every renderer honours those, so no
 * tag or entity can form), and every other character that could start inline syntax (code, emphasis, links,
 * tables, strikethrough) backslash-escaped, as CommonMark defines. An underscore inside a word (`arena_url`) is no
 * emphasis in CommonMark and stays as it is, so field names read naturally.
 */
export function escapeMarkdownText(text: string): string {
  return text.replace(
    /[\\`*[\]&<>|~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g,
    (char) => markdownEntities[char] ?? `\\${char}`,
  );
}

/** Plain text for Markdown, on one line and escaped, so no page text becomes live HTML, a link or emphasis. */
export function markdownText(text: string): string {
  return escapeMarkdownText(text.replace(/\s+/g, ' ').trim());
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for HTML (and XML) character data and attribute values, double- or single-quoted: the five markup
 * characters as entities. The one HTML escaper of the code base; what reaches HTML through React is escaped by React.
 */
export function htmlText(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEntities[char]);
}

/**
 * The characters XML 1.0 forbids outright (C0 controls but tab, line feed and carriage return; lone surrogates;
 * U+FFFE, U+FFFF) left out, as no escape can carry them: one such character in a name made a whole feed unreadable.
 * For an XML writer that escapes markup itself (the Atom feeds' feedsmith).
 */
export function xmlChars(value: string): string {
  return value.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this matches
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

/** Text for XML 1.0 character data and attribute values: forbidden characters left out, markup as entities. */
export function xmlText(value: string): string {
  return htmlText(xmlChars(value));
}

/**
 * Text for a terminal: control characters (ESC and the other C0 and C1 controls, DEL) shown as `\u{1b}` rather than
 * sent, so a name in a remote document cannot move the cursor, recolour or retitle the maintainer's terminal. Line
 * feeds and tabs stay.
 */
export function terminalText(value: string): string {
  return value.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this matches
    /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g,
    (char) => `\\u{${char.charCodeAt(0).toString(16)}}`,
  );
}

/** A POSIX shell word taken as written: single quotes, with each `'` closed, escaped and reopened. */
export function shellQuoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
