import type { BlockContent, PhrasingContent, Root, RootContent, TableRow, Text } from 'mdast';
import { defaultHandlers, toMarkdown, type Handle } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { parseMarkdown } from './parse';
import type { LinkTargets } from './links';
import { plainText, type MdNode } from './tree';

/** Headings of a description written under the twin's own (`#` title, `##` sections, `###` items). */
const twinHeadingBase = 4;

function phrasing(nodes: readonly MdNode[]): PhrasingContent[] {
  return nodes.flatMap((node): PhrasingContent[] => {
    if (typeof node === 'string') return [{ type: 'text', value: node }];
    switch (node.t) {
      case 'em':
        return [{ type: 'emphasis', children: phrasing(node.c) }];
      case 'strong':
        return [{ type: 'strong', children: phrasing(node.c) }];
      case 'del':
        return [{ type: 'delete', children: phrasing(node.c) }];
      case 'code':
      case 'kbd':
        return [{ type: 'inlineCode', value: node.v }];
      case 'sup':
      case 'sub':
        // Markdown has no raised or lowered text: its words, in their place (`2<sup>*</sup>` is `2*`).
        return phrasing(node.c);
      case 'a':
        return [{ type: 'link', url: node.href, children: phrasing(node.c) }];
      case 'img':
        // As on the page: a link to the image, never an image a Markdown viewer would load.
        return [
          { type: 'link', url: node.href, children: [{ type: 'text', value: `Image: ${node.alt || node.href}` }] },
        ];
      case 'br':
        return [{ type: 'break' }];
      default:
        // A block where only text may stand (a table inside a table's cell cannot be written): its text.
        return [{ type: 'text', value: plainText([node]) }];
    }
  });
}

const inlineKinds = ['em', 'strong', 'del', 'code', 'kbd', 'sup', 'sub', 'a', 'img', 'br'];

function blocks(nodes: readonly MdNode[]): RootContent[] {
  const result: RootContent[] = [];
  let loose: MdNode[] = [];
  const flush = () => {
    if (loose.length > 0) result.push({ type: 'paragraph', children: phrasing(loose) });
    loose = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string' || inlineKinds.includes(node.t)) {
      loose.push(node);
      continue;
    }
    flush();
    switch (node.t) {
      case 'p':
        result.push({ type: 'paragraph', children: phrasing(node.c) });
        break;
      case 'h':
        result.push({
          type: 'heading',
          depth: Math.min(6, twinHeadingBase + node.d - 1) as 4 | 5 | 6,
          children: phrasing(node.c),
        });
        break;
      case 'quote':
        result.push({ type: 'blockquote', children: blocks(node.c) as BlockContent[] });
        break;
      case 'ul':
      case 'ol':
        result.push({
          type: 'list',
          ordered: node.t === 'ol',
          ...(node.t === 'ol' && node.start !== undefined ? { start: node.start } : {}),
          spread: false,
          children: node.c.map((item) => ({
            type: 'listItem',
            spread: false,
            ...(typeof item !== 'string' && item.t === 'li' && item.task !== undefined ? { checked: item.task } : {}),
            children: blocks(typeof item !== 'string' && item.t === 'li' ? item.c : [item]) as BlockContent[],
          })),
        });
        break;
      case 'pre':
        result.push({ type: 'code', value: node.v.replace(/\n$/, ''), lang: node.lang ?? null });
        break;
      case 'hr':
        result.push({ type: 'thematicBreak' });
        break;
      case 'table': {
        const row = (cells: MdNode[][]): TableRow => ({
          type: 'tableRow',
          children: cells.map((cell) => ({ type: 'tableCell', children: phrasing(cell) })),
        });
        // A GFM table has a header row: a table of HTML without one has its first row there.
        const rows = [node.head, ...node.rows].filter((cells) => cells.length > 0);
        if (rows.length > 0) {
          result.push({ type: 'table', align: node.align.map((align) => align || null), children: rows.map(row) });
        }
        break;
      }
      case 'details':
        // Markdown has no disclosure: its summary in bold, then what it discloses.
        if (node.s.length > 0)
          result.push({ type: 'paragraph', children: [{ type: 'strong', children: phrasing(node.s) }] });
        result.push(...blocks(node.c));
        break;
      default:
        if ('c' in node) result.push(...blocks(node.c));
    }
  }
  flush();
  return result;
}

/**
 * Text as the writer escapes it, and more for readers that are not CommonMark renderers (a Markdown viewer, an AI
 * tool, a person), as the site's own escaping does (src/core/text/escape.ts): a `<` that could open a tag as a
 * character reference (`&lt;`) rather than a backslash escape, and every `]` escaped too, so no text reads as the
 * end of a link (`](javascript:…)`) whatever the reader makes of the escaped `[` before it.
 */
const text: Handle = (node, parent, state, info) =>
  defaultHandlers
    .text(node as Text, parent, state, info)
    .replace(/\\</g, '&lt;')
    // A `]` after an even number of backslashes is bare (`\\]` is an escaped backslash, then the bracket).
    .replace(/(^|[^\\])((?:\\\\)*)\]/g, '$1$2\\]');

/** A tree written as Markdown by mdast-util-to-markdown, which escapes every character of text that could be syntax. */
export function treeMarkdown(nodes: readonly MdNode[]): string {
  const root: Root = { type: 'root', children: blocks(nodes) };
  return toMarkdown(root, {
    extensions: [gfmToMarkdown()],
    handlers: { text },
    bullet: '-',
    emphasis: '_',
    rule: '-',
    fences: true,
  }).trim();
}

/**
 * A description written back as Markdown that says only what the parser understood: text escaped, the allowed HTML
 * as the Markdown (or the words) it stands for and no tag, links only to safe targets, images as links. What a
 * Markdown-to-HTML renderer (a Markdown viewer, an AI tool) makes of it is inert.
 */
export function toSafeMarkdown(text: string, targets: LinkTargets = {}): string {
  return treeMarkdown(parseMarkdown(text, targets));
}

/** A code span whose backtick fence is longer than any run inside it, so its text cannot close it. */
export function markdownCode(code: string): string {
  const flat = code.replace(/\s*\n\s*/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}
