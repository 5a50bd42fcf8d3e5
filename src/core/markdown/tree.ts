import { hash53 } from '../text/hash';

// cspell:words cyrb

/**
 * A description from an OpenAPI document, parsed: the only form in which document Markdown reaches a page. It holds
 * what a reader needs (text, emphasis, code, links to safe targets, lists, headings, tables, quotes, and the few
 * elements of a document's inline HTML that ./html.ts lets through) and nothing that could run (no HTML, no
 * attributes, no images loaded from elsewhere), so rendering it (src/components/Markdown) or writing it back as
 * Markdown (./write.ts) cannot add anything the parser did not understand. Short keys: pages carry these trees as data.
 */
export type MdNode =
  | string
  | { t: 'p' | 'em' | 'strong' | 'del' | 'quote' | 'ul' | 'tr' | 'sup' | 'sub'; c: MdNode[] }
  /** A list item; `task` is a GFM task's box. */
  | { t: 'li'; c: MdNode[]; task?: boolean }
  | { t: 'ol'; start?: number; c: MdNode[] }
  /** A heading, its level relative to the description's shallowest heading (1). */
  | { t: 'h'; d: number; c: MdNode[] }
  /** Inline code, and a key the reader presses (`<kbd>`), as their text. */
  | { t: 'code' | 'kbd'; v: string }
  | { t: 'pre'; v: string; lang?: string }
  | { t: 'a'; href: string; c: MdNode[] }
  /**
   * An image is shown as a link to it (http or https only), named by its alt text or else its file name: the site's
   * CSP loads no image from elsewhere, and a document's image is not ours to embed.
   */
  | { t: 'img'; href: string; alt: string }
  /** A disclosure (`<details>`): its summary `s` (empty: the browser's own "Details") and what it discloses. */
  | { t: 'details'; s: MdNode[]; c: MdNode[] }
  /** `head` is empty for a table of a document's HTML without a header row. */
  | { t: 'table'; align: ('' | 'left' | 'center' | 'right')[]; head: MdNode[][]; rows: MdNode[][][] }
  | { t: 'br' }
  | { t: 'hr' };

/** Parsed descriptions by key (`markdownKey`): the trees of the descriptions a page shows. */
export type MarkdownTrees = Record<string, MdNode[]>;

/**
 * The key of a description's tree: a 53-bit hash of its text (cyrb53), so a page's data does not carry each text
 * twice. A page holds a few hundred descriptions at most; two of them colliding is a chance of about 1 in 10^11.
 */
export function markdownKey(text: string): string {
  return hash53(text);
}

/** The text of a tree without its markup, for summaries, meta descriptions and search. */
export function plainText(nodes: readonly MdNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      switch (node.t) {
        case 'code':
        case 'kbd':
        case 'pre':
          return node.v;
        case 'img':
          return node.alt;
        case 'br':
          return '\n';
        case 'hr':
          return '';
        case 'table':
          return [node.head, ...node.rows]
            .filter((row) => row.length > 0)
            .map((row) => row.map(plainText).join(' '))
            .join('\n');
        case 'details':
          return [plainText(node.s), plainText(node.c)].filter(Boolean).join('\n');
        default:
          return plainText(node.c);
      }
    })
    .join('');
}

/** The inline content of a description's first block, for places that show one line (an error's meaning). */
export function firstLine(nodes: readonly MdNode[]): MdNode[] {
  const [first] = nodes;
  if (first === undefined) return [];
  if (typeof first !== 'string' && (first.t === 'p' || first.t === 'h')) return first.c;
  return [plainText([first])];
}

/**
 * The description texts in a page's data, each once: every non-empty string under a `description` key, at any depth
 * (an operation's, its parameters', its responses', every field's of its schemas).
 */
export function descriptionTexts(data: unknown): string[] {
  const texts = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'description' && typeof child === 'string') {
          if (child !== '') texts.add(child);
        } else walk(child);
      }
    }
  };
  walk(data);
  return [...texts];
}
