/**
 * Pagefind stores every element with an `id` inside the indexed root as an anchor in the page's fragment (the file a
 * result downloads), but makes a result's sections only of headings and of anchors with a title, which the site does
 * not set (pagefind.js 1.6: `sub_results` from `h1`-`h6` anchors with text). A call page gives each parameter and
 * field an id to link to, dozens per page at Microsoft Graph's size, so the ids of other elements are taken out of
 * the HTML handed to the indexer: smaller fragments, the same results. The served pages keep their ids.
 *
 * A regular expression, not an HTML parser, to keep the index step's time: it runs on every page (14,700 at Graph's
 * size, 170 KB each; that step took 92 s there with it, 86 s without in an earlier run). It follows the HTML
 * tokenizer's rules for a start tag (attribute values quoted, single-quoted or, as the minified build writes them,
 * unquoted), so a `>` or ` id=` inside a quoted value is not taken for the tag's end or an attribute. Text holds no
 * start tag (its `<` is escaped); a script or comment may, and is changed too, which is harmless: Pagefind reads
 * neither. A tag written another way (no space between attributes) keeps its id: nothing is lost, a fragment is a
 * little larger. Neither name pattern accepts `<`, so a run of unclosed `<` is scanned once, not once per `<`.
 */
const value = String.raw`(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>${'`'}]+))?`;
const startTag = new RegExp(String.raw`<([a-zA-Z][^\s/<>]*)((?:\s+[^\s"'<>/=]+${value})*)(\s*/?>)`, 'g');
const attribute = new RegExp(String.raw`\s+([^\s"'<>/=]+)${value}`, 'g');

const withoutId = (whole: string, key: string) => (key.toLowerCase() === 'id' ? '' : whole);

export function withHeadingIdsOnly(html: string): string {
  return html.replace(startTag, (tag, name: string, attributes: string, end: string) =>
    /^h[1-6]$/i.test(name) || !/\sid\b/i.test(attributes)
      ? tag
      : `<${name}${attributes.replace(attribute, withoutId)}${end}`,
  );
}
