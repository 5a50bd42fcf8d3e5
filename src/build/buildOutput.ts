import { existsSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';

/**
 * The HTML file Docusaurus writes for a route (`/docs/webhooks` → `docs/webhooks/index.html`, or `<route>.html`),
 * for the plugins that read the build after it is written (llms-export, search-index).
 */
export function htmlFileOf(outDir: string, route: string): string {
  const direct = path.join(outDir, route.replace(/\/$/, ''), 'index.html');
  return existsSync(direct) ? direct : path.join(outDir, `${route.replace(/\/$/, '')}.html`);
}

/** What `headAndMain` keeps of a page, and what of its head a reader of the twins reads. */
export interface PageParts {
  /** From the page's start up to its `</head>`, that tag left out. */
  head: string;
  /** The head without its `<link>` and `<script>` elements: what is left is what htmlPage reads (title, meta). */
  headRead: string;
  /** The page's `<main>` element, its tags included. */
  main: string;
}

/**
 * A built page's head and its `<main>`, all that a Markdown twin is made of (the title, the description and the
 * doc); `undefined` for a page without one head and exactly one `<main>`. Found with htmlparser2's tokenizer, not by
 * searching the text: the minifier writes an attribute's `<` as it is (`alt="</main>"`, a description that names
 * `</head>`), and a comment or a script may hold anything. About 1 ms a page, against the 6-7 ms parse5 saves on a
 * schema page at Stripe's size.
 */
export function pageParts(html: string): PageParts | undefined {
  let headEnd = -1;
  let mainStart = -1;
  let mainEnd = -1;
  let mains = 0;
  let inHead = false;
  const unread: [number, number][] = [];
  let openUnread = -1;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'head' && headEnd < 0) inHead = true;
        if (inHead && (name === 'link' || name === 'script')) openUnread = parser.startIndex;
        if (name === 'main' && ++mains === 1) mainStart = parser.startIndex;
      },
      onclosetag(name, isImplied) {
        if (inHead && (name === 'link' || name === 'script') && openUnread >= 0) {
          unread.push([openUnread, parser.endIndex + 1]);
          openUnread = -1;
        }
        if (name === 'head' && inHead) {
          inHead = false;
          // An implied end (a body tag where `</head>` was left out) ends nothing this reads.
          if (!isImplied) headEnd = parser.startIndex;
        }
        if (name === 'main' && !isImplied && mainEnd < 0 && mains === 1) mainEnd = parser.endIndex + 1;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  if (headEnd < 0 || mains !== 1 || mainStart < headEnd || mainEnd < mainStart) return undefined;
  const head = html.slice(0, headEnd);
  let headRead = '';
  let from = 0;
  for (const [start, end] of unread) {
    headRead += head.slice(from, start);
    from = end;
  }
  headRead += head.slice(from);
  return { head, headRead, main: html.slice(mainStart, mainEnd) };
}

/**
 * A built page cut to its head and its main (`pageParts`), for the twins' converter to parse: the navbar, the sidebar
 * and the footer are left out. At Stripe's size the sidebar is half of a page's HTML, and parsing whole pages was most
 * of the twins' time (775 schema pages: 9.9 s whole, 4.7 s cut, the same Markdown). A page `pageParts` cannot cut is
 * left whole. A caller that has the page's parts already (the twins' memo, which hashes them) passes them, so the page
 * is not tokenized twice.
 */
export function headAndMain(html: string, parts = pageParts(html)): string {
  return parts ? `${parts.head}</head><body>${parts.main}</body></html>` : html;
}
