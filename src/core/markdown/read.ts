import MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import htmlBlock from 'markdown-it/lib/rules_block/html_block.mjs';
import type { Root } from 'hast';
import { resolveHref, type LinkTargets } from './links';
import { htmlElementNames, rawTextElements } from './htmlElements';
import { htmlNodes } from './htmlNodes';
import { imageNode } from './image';
import type { MdNode } from './tree';

// cspell:words commonmark softbreak hardbreak

/**
 * Descriptions are read by markdown-it: CommonMark, with GFM's tables, strikethrough and bare-URL links. Chosen over
 * the micromark stack Docusaurus ships, on measurement: on 20,000-character hostile descriptions (CommonMark's
 * pathological cases) micromark took 9.1 s (nested emphasis), 3.4 s (mismatched delimiters) and 1.9 s (unmatched
 * brackets), and overflowed the stack on nested quotes; markdown-it took at most 55 ms on each and 220 ms at
 * 100,000 characters, and its CommonMark preset caps nesting at 20 levels. Links pass through markdown-it's own check
 * (no `javascript:`, `vbscript:`, `file:`, `data:`) and then ours (`resolveHref`).
 *
 * Raw HTML is read (`html: true`) and goes through the allow-list of ./html.ts. A tag is HTML when it names an
 * element of HTML or is closed somewhere in the description (`<note>…</note>`); any other (`Bearer <token>`) is the
 * text it reads as, and so is an element whose content HTML reads as text (`<script>`, `<title>`) left unclosed, which
 * would hide the rest of the description. Past `maxHtmlTags` tags, or more elements or nesting than `htmlFits`
 * allows, a description is read by `textReader`, its HTML as text, as every description was before.
 */
const extensions = ['table', 'strikethrough', 'linkify'];
const reader = new MarkdownIt('commonmark', { html: true, linkify: true }).enable(extensions);
const textReader = new MarkdownIt('commonmark', { html: false, linkify: true }).enable(extensions);

interface ReadEnv {
  /** The tag names closed somewhere in the description (`</name>`), in lower case. */
  closed: Set<string>;
}

function closedNames(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(/<\/([A-Za-z][A-Za-z0-9-]*)\s*>/g), (match) => match[1].toLowerCase()));
}

/** Whether raw HTML that starts with `raw` is markup (see above); comments and declarations are, and are dropped. */
function isMarkup(raw: string, env: ReadEnv): boolean {
  const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(raw)?.[1]?.toLowerCase();
  if (name === undefined) return true;
  if (env.closed.has(name)) return true;
  return htmlElementNames.has(name) && !rawTextElements.has(name);
}

// An HTML block must open with markup: a line `<token>` is a paragraph, whose tag is then text.
reader.block.ruler.at(
  'html_block',
  (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
    const start = state.bMarks[startLine] + state.tShift[startLine];
    const line = state.src.slice(start, state.eMarks[startLine]);
    if (!isMarkup(line, state.env as ReadEnv)) return false;
    return htmlBlock(state, startLine, endLine, silent);
  },
  { alt: ['paragraph', 'reference', 'blockquote'] },
);

// And an inline tag that is not markup becomes text.
reader.core.ruler.push('html_as_text', (state) => {
  for (const token of state.tokens) {
    for (const child of token.children ?? []) {
      if (child.type === 'html_inline' && !isMarkup(child.content, state.env as ReadEnv)) child.type = 'text';
    }
  }
});

/** The pipeline caps description text well below this; the reader's own bound is for any other caller. */
export const maxParsedLength = 100_000;

/** Emphasis nested deeper than this is text: as deep as markdown-it nests blocks (its CommonMark preset's 20). */
const maxInlineDepth = 20;

interface Frame {
  node: Exclude<MdNode, string> & { c: MdNode[] };
  close: string;
}

function alignOf(token: Token): '' | 'left' | 'center' | 'right' {
  const style = token.attrGet('style') ?? '';
  const align = /text-align:(left|center|right)/.exec(style)?.[1];
  return (align as 'left' | 'center' | 'right' | undefined) ?? '';
}

/** Adjacent text nodes as one string: a tree of fewer, longer strings is smaller data. */
function push(into: MdNode[], node: MdNode): void {
  const last = into.length - 1;
  if (typeof node === 'string' && typeof into[last] === 'string') into[last] = `${into[last]}${node}`;
  else if (node !== '') into.push(node);
}

function inlineNodes(tokens: readonly Token[], targets: LinkTargets): MdNode[] {
  const root: MdNode[] = [];
  const stack: { into: MdNode[]; close: string; link?: { href: string; c: MdNode[] } }[] = [{ into: root, close: '' }];
  const current = () => stack[stack.length - 1].into;
  for (const token of tokens) {
    if (stack.length > 1 && token.type === stack[stack.length - 1].close) {
      const { link } = stack.pop() ?? {};
      // A link needs words a reader (or a screen reader) can follow: without any, its address.
      if (link && link.c.every((node) => typeof node === 'string' && node.trim() === ''))
        link.c.splice(0, Infinity, link.href);
      continue;
    }
    switch (token.type) {
      case 'text':
        push(current(), token.content);
        break;
      case 'code_inline':
        current().push({ t: 'code', v: token.content });
        break;
      case 'softbreak':
        push(current(), ' ');
        break;
      case 'hardbreak':
        current().push({ t: 'br' });
        break;
      case 'em_open':
      case 'strong_open':
      case 's_open': {
        const close = token.type.replace('_open', '_close');
        // markdown-it caps the nesting of blocks, not of emphasis (`*a **a *a …` nests as deep as the text is long):
        // past the cap the text stays, without further emphasis, so no walk of the tree can run out of stack.
        if (stack.length > maxInlineDepth) {
          stack.push({ into: current(), close });
          break;
        }
        const node = {
          t: token.type === 's_open' ? 'del' : (token.tag as 'em' | 'strong'),
          c: [] as MdNode[],
        } as const;
        current().push(node);
        stack.push({ into: node.c, close });
        break;
      }
      case 'link_open': {
        const href = resolveHref(token.attrGet('href') ?? '', targets);
        // A link to nowhere safe keeps its text: its children go where the link would have been.
        if (href === undefined) stack.push({ into: current(), close: 'link_close' });
        else {
          const link = { t: 'a', href, c: [] as MdNode[] } as const;
          current().push(link);
          stack.push({ into: link.c, close: 'link_close', link });
        }
        break;
      }
      case 'image': {
        const alt = token.children ? inlineText(token.children) : token.content;
        const inLink = stack.some((frame) => frame.link);
        const image = imageNode(token.attrGet('src') ?? '', alt, { targets, inLink });
        if (image !== undefined) push(current(), image);
        break;
      }
      default:
        // Anything else markdown-it may produce (raw HTML goes the other way, through ./html.ts) is its text.
        push(current(), token.content);
    }
  }
  return root;
}

function inlineText(tokens: readonly Token[]): string {
  return tokens.map((token) => (token.children ? inlineText(token.children) : token.content)).join('');
}

function blockNodes(tokens: readonly Token[], targets: LinkTargets): MdNode[] {
  const root: MdNode[] = [];
  const stack: Frame[] = [];
  const current = () => (stack.length > 0 ? stack[stack.length - 1].node.c : root);
  let table: Extract<MdNode, { t: 'table' }> | undefined;
  let row: MdNode[][] | undefined;
  for (const token of tokens) {
    if (stack.length > 0 && token.type === stack[stack.length - 1].close) {
      stack.pop();
      continue;
    }
    const open = (node: Frame['node']) => {
      current().push(node);
      stack.push({ node, close: token.type.replace('_open', '_close') });
    };
    switch (token.type) {
      case 'paragraph_open':
        // A tight list's paragraphs are hidden: the item holds the text itself.
        if (!token.hidden) open({ t: 'p', c: [] });
        break;
      case 'paragraph_close':
        break;
      case 'heading_open':
        open({ t: 'h', d: Number(token.tag.slice(1)), c: [] });
        break;
      case 'bullet_list_open':
        open({ t: 'ul', c: [] });
        break;
      case 'ordered_list_open': {
        const start = Number(token.attrGet('start') ?? 1);
        open(start === 1 ? { t: 'ol', c: [] } : { t: 'ol', start, c: [] });
        break;
      }
      case 'list_item_open':
        open({ t: 'li', c: [] });
        break;
      case 'blockquote_open':
        open({ t: 'quote', c: [] });
        break;
      case 'fence':
      case 'code_block': {
        const lang = token.info.trim().split(/\s+/)[0];
        current().push(lang ? { t: 'pre', v: token.content, lang } : { t: 'pre', v: token.content });
        break;
      }
      case 'hr':
        current().push({ t: 'hr' });
        break;
      case 'table_open':
        table = { t: 'table', align: [], head: [], rows: [] };
        current().push(table);
        break;
      case 'table_close':
        table = undefined;
        break;
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        if (table && row) {
          if (table.head.length === 0) table.head = row;
          else table.rows.push(row);
        }
        row = undefined;
        break;
      case 'th_open':
        table?.align.push(alignOf(token));
        break;
      case 'inline': {
        const nodes = inlineNodes(token.children ?? [], targets);
        if (row) row.push(nodes);
        else for (const node of nodes) push(current(), node);
        break;
      }
      default:
        // thead, tbody, td and the closing tokens of hidden paragraphs: structure the table above already holds.
        break;
    }
  }
  return root;
}

/** Heading levels made relative to the description's shallowest heading, which the page places under its own. */
function relativeHeadings(nodes: MdNode[]): MdNode[] {
  const depths: number[] = [];
  const collect = (list: readonly MdNode[]) => {
    for (const node of list) {
      if (typeof node === 'string' || !('c' in node)) continue;
      if (node.t === 'h') depths.push(node.d);
      collect(node.c);
    }
  };
  collect(nodes);
  if (depths.length === 0) return nodes;
  const shallowest = Math.min(...depths) - 1;
  const shift = (list: MdNode[]): MdNode[] =>
    list.map((node) => {
      if (typeof node === 'string' || !('c' in node)) return node;
      return node.t === 'h' ? { ...node, d: node.d - shallowest, c: shift(node.c) } : { ...node, c: shift(node.c) };
    });
  return shift(nodes);
}

/** A GFM task (`- [x] done`) as a list item with its box, as GitHub shows it. */
function taskItems(nodes: MdNode[]): MdNode[] {
  return nodes.map((node) => {
    if (typeof node === 'string' || !('c' in node)) return node;
    const children = taskItems(node.c);
    if (node.t !== 'li') return { ...node, c: children };
    const [first, ...rest] = children;
    const box = typeof first === 'string' ? /^\[([ xX])\]\s+/.exec(first) : null;
    if (!box || typeof first !== 'string') return { ...node, c: children };
    return { t: 'li', task: box[1] !== ' ', c: [first.slice(box[0].length), ...rest] };
  });
}

/**
 * Reads a description's HTML (the body of the page markdown-it made of it) into hast: parse5 when the pages are
 * written (./parse.ts), the browser's DOMParser on the single-page reference (./browser.ts). Undefined when it makes
 * more than `maxHtmlElements` elements.
 */
export type HtmlReader = (html: string) => Root | undefined;

/** The tags of the description's raw HTML (each `<` that may open one in an HTML block), or 0 for none. */
function htmlTags(tokens: readonly Token[]): number {
  let count = 0;
  for (const token of tokens) {
    if (token.type === 'html_block') count += (token.content.match(/<[A-Za-z/!?]/g) ?? []).length;
    for (const child of token.children ?? []) if (child.type === 'html_inline') count += 1;
  }
  return count;
}

/**
 * A description with more raw HTML tags than this is read with its HTML as text. The most in a real description
 * (of some 70,000 with HTML in the APIs.guru directory) is 2,481, in a 27,000-character one, past the pipeline's cap;
 * the HTML parser's work grows with the nesting its tags can make (each start tag looks down the open elements).
 */
export const maxHtmlTags = 2_000;

/**
 * The formatting elements HTML reopens when a tag closed out of order closes them early (all but `a`, of which one is
 * open at a time), without attributes, which the allow-list drops anyway: the parser keeps at most three alike to
 * reopen (its "Noah's Ark" rule), so no run of `<b id=1><b id=2>…` can make it reopen thousands at every paragraph.
 * A raw `<code>` loses its `language-` class with the rest (a Markdown fence keeps its language).
 */
const formattingTag = /<(b|big|code|em|font|i|nobr|s|small|strike|strong|tt|u)(?=[\s/])[^>]*>/gi;

function withoutFormattingAttributes(tokens: readonly Token[]): void {
  for (const token of tokens) {
    if (token.type === 'html_block') token.content = token.content.replace(formattingTag, '<$1>');
    for (const child of token.children ?? []) {
      if (child.type === 'html_inline') child.content = child.content.replace(formattingTag, '<$1>');
    }
  }
}

/** GFM's column alignment as HTML's `align` (the one attribute of a cell the allow-list reads), not as a style. */
function alignAttributes(tokens: readonly Token[]): void {
  for (const token of tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const align = alignOf(token);
    token.attrs = align ? [['align', align]] : null;
  }
}

/** A description as a tree (see ./tree.ts), its links resolved with `targets`, its HTML read by `readHtml`. */
export function readMarkdown(text: string, targets: LinkTargets, readHtml: HtmlReader): MdNode[] {
  const bounded = text.length > maxParsedLength ? `${text.slice(0, maxParsedLength)}…` : text;
  const env: ReadEnv = { closed: closedNames(bounded) };
  const tokens = reader.parse(bounded, env);
  const tags = htmlTags(tokens);
  let nodes: MdNode[] | undefined;
  if (tags > 0 && tags <= maxHtmlTags) {
    alignAttributes(tokens);
    withoutFormattingAttributes(tokens);
    const root = readHtml(reader.renderer.render(tokens, reader.options, env));
    if (root) nodes = htmlNodes(root, targets);
  }
  nodes ??= blockNodes(tags > 0 ? textReader.parse(bounded, {}) : tokens, targets);
  return taskItems(relativeHeadings(nodes));
}
