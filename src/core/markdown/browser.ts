import type { Root } from 'hast';
import { hastFrom, htmlFits, type HtmlSource } from './parsedHtml';
import type { LinkTargets } from './links';
import { readMarkdown } from './read';
import type { MdNode } from './tree';

const xhtml = 'http://www.w3.org/1999/xhtml';

/** The DOM as ./parsedHtml.ts reads it. */
const domSource: HtmlSource<Node> = {
  children: (node) => node.childNodes,
  name: (node) => {
    if (node.nodeType === Node.TEXT_NODE) return '#text';
    return node instanceof Element && node.namespaceURI === xhtml ? node.localName : '';
  },
  text: (node) => (node.nodeType === Node.TEXT_NODE ? (node as Text).data : ''),
  attribute: (node, name) => (node instanceof Element ? (node.getAttribute(name) ?? undefined) : undefined),
};

let parser: DOMParser | undefined;

/**
 * A description's HTML parsed by the browser itself, into a document of its own that `DOMParser` makes inert: no
 * script in it runs, no image or other resource of it loads, no handler fires. The same document parse5 makes at build
 * time (./parse.ts), so the trees, and the markup the page hydrates, are the same.
 */
function readHtml(html: string): Root | undefined {
  parser ??= new DOMParser();
  const document = parser.parseFromString(`<!DOCTYPE html><body>${html}`, 'text/html');
  if (!htmlFits<Node>(document, domSource)) return undefined;
  return hastFrom<Node>(document.body, domSource);
}

/**
 * A description as a tree, read in the browser: the single-page reference parses the document it loads. As
 * `parseMarkdown` (./parse.ts), without parse5 (47 KB gzipped of JavaScript) in the page.
 */
export function parseMarkdownInBrowser(text: string, targets: LinkTargets = {}): MdNode[] {
  return readMarkdown(text, targets, readHtml);
}
