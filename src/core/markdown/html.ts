import type { Schema } from 'hast-util-sanitize';
import { droppedElements } from './htmlElements';

// cspell:words Doctypes

/**
 * The HTML inside a description, through an allow-list. A description with raw HTML is rendered by markdown-it
 * (./read.ts), the result parsed by a real HTML parser (parse5 when the pages are written, the browser's own
 * `DOMParser` on the single-page reference, which parses the document it loads: both follow the HTML standard, so
 * both build the same tree, and the browser's ships no parser), that tree cut down to the elements and attributes
 * below by hast-util-sanitize (the unified collective's maintained sanitiser, on an allow-list of our own rather
 * than GitHub's), and what is left turned into the tree pages render (./tree.ts, by ./htmlNodes.ts). The page never
 * receives HTML: a tag the tree has no node for cannot reach it, whatever the sanitiser let through.
 */

/** A table cell's `align` values that pass: the ones a Markdown table has. */
export const alignments = ['left', 'center', 'right'] as const;

/** What hast-util-sanitize lets through: the elements the tree has a node for, and the attributes it reads. */
export const allowList: Schema = {
  tagNames: [
    ...['p', 'div', 'br', 'hr', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['b', 'strong', 'i', 'em', 'del', 's', 'strike', 'code', 'kbd', 'sup', 'sub', 'a', 'img'],
    ...['ul', 'ol', 'li', 'details', 'summary'],
    ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ],
  attributes: {
    a: ['href'],
    img: ['src', 'alt'],
    ol: [['start', /^-?\d{1,9}$/]],
    th: [['align', ...alignments]],
    td: [['align', ...alignments]],
    code: [['className', /^language-\S+$/]],
  },
  // Checked again on the parsed URL when the tree is made (`resolveHref`): this is the first of two gates.
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
  ancestors: {
    li: ['ul', 'ol'],
    ...Object.fromEntries(['caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'].map((name) => [name, ['table']])),
  },
  strip: droppedElements,
  required: {},
  clobber: [],
  clobberPrefix: '',
  allowComments: false,
  allowDoctypes: false,
};
