import { defaultTreeAdapter, html as htmlSpec, parse, type DefaultTreeAdapterMap } from 'parse5';
import type { Root } from 'hast';
import { hastFrom, htmlFits, maxHtmlElements, maxHtmlNesting, type HtmlSource } from './parsedHtml';
import type { LinkTargets } from './links';
import { readMarkdown } from './read';
import { descriptionTexts, markdownKey, type MarkdownTrees, type MdNode } from './tree';

export { maxParsedLength } from './read';

type Node = DefaultTreeAdapterMap['node'];

/** parse5's tree as ./parsedHtml.ts reads it. */
const parse5Source: HtmlSource<Node> = {
  children: (node) => ('childNodes' in node ? node.childNodes : []),
  name: (node) => {
    if (node.nodeName === '#text') return '#text';
    return 'tagName' in node && node.namespaceURI === htmlSpec.NS.HTML ? node.tagName : '';
  },
  text: (node) => ('value' in node && node.nodeName === '#text' ? node.value : ''),
  attribute: (node, name) =>
    'attrs' in node
      ? node.attrs.find((attribute) => attribute.name === name && !attribute.namespace)?.value
      : undefined,
};

class TooLarge extends Error {}

/**
 * A description's HTML parsed by parse5 as the browser parses it (a document whose `<body>` it is, scripting off, as
 * in the browser's DOMParser: `<noscript>` holds markup), if it fits `htmlFits`. parse5 stops at four times either
 * limit (elements made, or nesting as it inserts them), so no description keeps it busy for long.
 */
function readHtml(html: string): Root | undefined {
  let created = 0;
  const depths = new WeakMap<Node, number>();
  const placed = (parent: Node, child: Node) => {
    const depth = (depths.get(parent) ?? 0) + 1;
    if (depth > 4 * maxHtmlNesting) throw new TooLarge();
    depths.set(child, depth);
  };
  const treeAdapter: typeof defaultTreeAdapter = {
    ...defaultTreeAdapter,
    createElement: (...args) => {
      created += 1;
      if (created > 4 * maxHtmlElements) throw new TooLarge();
      return defaultTreeAdapter.createElement(...args);
    },
    appendChild: (parent, child) => {
      placed(parent, child);
      defaultTreeAdapter.appendChild(parent, child);
    },
    insertBefore: (parent, child, reference) => {
      placed(parent, child);
      defaultTreeAdapter.insertBefore(parent, child, reference);
    },
  };
  let document: DefaultTreeAdapterMap['document'];
  try {
    document = parse(`<!DOCTYPE html><body>${html}`, { scriptingEnabled: false, treeAdapter });
  } catch (error) {
    if (error instanceof TooLarge) return undefined;
    throw error;
  }
  if (!htmlFits<Node>(document, parse5Source)) return undefined;
  const root = document.childNodes.find((node) => node.nodeName === 'html');
  const body = root && 'childNodes' in root ? root.childNodes.find((node) => node.nodeName === 'body') : undefined;
  return body ? hastFrom<Node>(body, parse5Source) : { type: 'root', children: [] };
}

/** A description as a tree (see ./tree.ts), its links resolved with `targets`: how the build reads descriptions. */
export function parseMarkdown(text: string, targets: LinkTargets = {}): MdNode[] {
  return readMarkdown(text, targets, readHtml);
}

/**
 * The trees of every description in a page's data (`descriptionTexts`), by key. The page gives them to its
 * `Markdown` components, which look them up by text.
 */
export function markdownTrees(data: unknown, targets: LinkTargets = {}, known: MarkdownTrees = {}): MarkdownTrees {
  const trees: MarkdownTrees = {};
  for (const text of descriptionTexts(data)) {
    const id = markdownKey(text);
    trees[id] = known[id] ?? parseMarkdown(text, targets);
  }
  return trees;
}
