import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { resolveHref, type LinkTargets } from './links';
import { descriptionTexts, markdownKey, type MarkdownTrees, type MdNode } from './tree';

/**
 * Descriptions are read by markdown-it: CommonMark, with GFM's tables, strikethrough and bare-URL links. Chosen over
 * the micromark stack Docusaurus ships, on measurement: on 20,000-character hostile descriptions (CommonMark's
 * pathological cases) micromark took 9.1 s (nested emphasis), 3.4 s (mismatched delimiters) and 1.9 s (unmatched
 * brackets), and overflowed the stack on nested quotes; markdown-it took at most 55 ms on each and 220 ms at
 * 100,000 characters, and its CommonMark preset caps nesting at 20 levels. Raw HTML is off: a tag in a description is text. Links pass through
 * markdown-it's own check (no `javascript:`, `vbscript:`, `file:`, `data:`) and then ours (`resolveHref`).
 */
const reader = new MarkdownIt('commonmark', { html: false, linkify: true }).enable([
  'table',
  'strikethrough',
  'linkify',
]);

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
  const stack: { into: MdNode[]; close: string }[] = [{ into: root, close: '' }];
  const current = () => stack[stack.length - 1].into;
  for (const token of tokens) {
    if (stack.length > 1 && token.type === stack[stack.length - 1].close) {
      stack.pop();
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
        const into = href === undefined ? current() : [];
        if (href !== undefined) current().push({ t: 'a', href, c: into });
        stack.push({ into, close: 'link_close' });
        break;
      }
      case 'image': {
        const href = resolveHref(token.attrGet('src') ?? '', targets);
        const alt = token.children ? inlineText(token.children) : token.content;
        if (href === undefined) push(current(), alt);
        else current().push({ t: 'img', href, alt });
        break;
      }
      default:
        // Anything else markdown-it may produce (raw HTML is off) is its text, never markup.
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

/** A description as a tree (see ./tree.ts), its links resolved with `targets`. */
export function parseMarkdown(text: string, targets: LinkTargets = {}): MdNode[] {
  const bounded = text.length > maxParsedLength ? `${text.slice(0, maxParsedLength)}…` : text;
  return taskItems(relativeHeadings(blockNodes(reader.parse(bounded, {}), targets)));
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
