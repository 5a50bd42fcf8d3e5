import type { Element, ElementContent, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { alignments, allowList } from './html';
import { imageNode, type Place } from './image';
import { gap, isBlock, push, trimmed } from './inlineRuns';
import { resolveHref, type LinkTargets } from './links';
import type { MdNode } from './tree';

type Mode = 'flow' | 'phrasing';

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(textOf).join('');
}

function property(element: Element, name: string): string {
  const value = element.properties[name];
  return typeof value === 'string' ? value : '';
}

function phrasing(children: readonly ElementContent[], place: Place): MdNode[] {
  const result: MdNode[] = [];
  convertInto(result, children, 'phrasing', place);
  return result;
}

/**
 * Block content: blocks as they are, and text between them as paragraphs (`loose`: as it is, the way a tight list
 * item or a table cell holds it), without the white space between blocks.
 */
function flow(children: readonly ElementContent[], place: Place, loose = false): MdNode[] {
  const items: MdNode[] = [];
  convertInto(items, children, 'flow', place);
  const result: MdNode[] = [];
  let run: MdNode[] = [];
  const flush = () => {
    const content = trimmed(run);
    if (content.length > 0) {
      if (loose) content.forEach((node) => push(result, node));
      else result.push({ t: 'p', c: content });
    }
    run = [];
  };
  for (const item of items) {
    if (isBlock(item)) {
      flush();
      result.push(item);
    } else run.push(item);
  }
  flush();
  return result;
}

/** A block where only text may stand (a list inside a link): its text, set apart by spaces. */
function blockAsText(into: MdNode[], element: Element, place: Place): void {
  gap(into);
  convertInto(into, element.children, 'phrasing', place);
  gap(into);
}

function elementsOf(element: Element, ...names: string[]): Element[] {
  return element.children.filter(
    (child): child is Element => child.type === 'element' && names.includes(child.tagName),
  );
}

function table(element: Element, place: Place): MdNode[] {
  const result: MdNode[] = [];
  const headRows: Element[] = [];
  const bodyRows: Element[] = [];
  for (const child of elementsOf(element, 'caption', 'thead', 'tbody', 'tfoot', 'tr')) {
    if (child.tagName === 'caption') {
      const caption = trimmed(phrasing(child.children, place));
      if (caption.length > 0) result.push({ t: 'p', c: caption });
    } else if (child.tagName === 'tr') bodyRows.push(child);
    else (child.tagName === 'thead' ? headRows : bodyRows).push(...elementsOf(child, 'tr'));
  }
  // A table without a header section whose first row is all header cells has that row as its header.
  const first = bodyRows[0] as Element | undefined;
  if (headRows.length === 0 && first && elementsOf(first, 'td').length === 0)
    headRows.push(bodyRows.shift() as Element);
  const [head, ...moreHead] = headRows;
  const rows = [...moreHead, ...bodyRows].map((row) => elementsOf(row, 'th', 'td')).filter((cells) => cells.length > 0);
  const headCells = head ? elementsOf(head, 'th', 'td') : [];
  if (headCells.length === 0 && rows.length === 0) return result;
  const cell = (node: Element) => flow(node.children, place, true);
  result.push({
    t: 'table',
    align: (headCells.length > 0 ? headCells : rows[0]).map((node) =>
      (alignments as readonly string[]).includes(property(node, 'align')) ? (property(node, 'align') as 'left') : '',
    ),
    head: headCells.map(cell),
    rows: rows.map((cells) => cells.map(cell)),
  });
  return result;
}

const wrapping: Record<string, 'strong' | 'em' | 'del' | 'sup' | 'sub'> = {
  b: 'strong',
  strong: 'strong',
  i: 'em',
  em: 'em',
  del: 'del',
  s: 'del',
  strike: 'del',
  sup: 'sup',
  sub: 'sub',
};

/** Elements that make blocks of the tree (`div` stands for the rest of HTML's block-level ones). */
const blockElements = new Set(
  'p div ul ol li table caption pre blockquote h1 h2 h3 h4 h5 h6 hr details summary'.split(' '),
);

/**
 * An inline element that holds blocks where blocks may stand (a `<b>` left open, which HTML carries into every block
 * after it): the blocks as blocks, and the element around each run of text between them, as HTML shows it.
 */
function inlineAroundBlocks(into: MdNode[], element: Element, place: Place, wrap: (run: MdNode[]) => MdNode): void {
  const items: MdNode[] = [];
  convertInto(items, element.children, 'flow', place);
  let run: MdNode[] = [];
  const flush = () => {
    const content = trimmed(run);
    if (content.length > 0) push(into, wrap(content));
    run = [];
  };
  for (const item of items) {
    if (isBlock(item)) {
      flush();
      push(into, item);
    } else run.push(item);
  }
  flush();
}

function holdsBlocks(element: Element): boolean {
  return element.children.some((child) => child.type === 'element' && blockElements.has(child.tagName));
}

function convertElement(into: MdNode[], element: Element, mode: Mode, place: Place): void {
  const name = element.tagName;
  const asText = mode === 'phrasing';
  const wrap = wrapping[name];
  if (wrap) {
    if (!asText && holdsBlocks(element)) {
      inlineAroundBlocks(into, element, place, (run) => ({ t: wrap, c: run }));
      return;
    }
    const content = phrasing(element.children, place);
    // Emphasis of nothing but white space is that white space.
    if (trimmed(content).length === 0) content.forEach((node) => push(into, node));
    else push(into, { t: wrap, c: content });
    return;
  }
  if (name === 'a') {
    const href = place.inLink ? undefined : resolveHref(property(element, 'href'), place.targets);
    const inside = { ...place, inLink: true };
    if (href !== undefined && !asText && holdsBlocks(element)) {
      inlineAroundBlocks(into, element, inside, (run) => ({ t: 'a', href, c: run }));
      return;
    }
    const content = phrasing(element.children, inside);
    // A link to nowhere safe, or with no words to follow (an anchor, or one the parser emptied), is its text.
    if (href === undefined || trimmed(content).length === 0) content.forEach((node) => push(into, node));
    else push(into, { t: 'a', href, c: content });
    return;
  }
  switch (name) {
    case 'code':
    case 'kbd': {
      const text = textOf(element).replace(/\n/g, ' ');
      if (text !== '') push(into, { t: name, v: text });
      return;
    }
    case 'br':
      push(into, { t: 'br' });
      return;
    case 'img': {
      const image = imageNode(property(element, 'src'), property(element, 'alt'), place);
      if (image !== undefined) push(into, image);
      return;
    }
    case 'hr':
      if (asText) gap(into);
      else push(into, { t: 'hr' });
      return;
    case 'pre': {
      const text = textOf(element);
      if (asText) {
        push(into, { t: 'code', v: text.replace(/\n/g, ' ') });
        return;
      }
      const [code] = elementsOf(element, 'code');
      const className = code?.properties.className;
      const lang = Array.isArray(className) ? /^language-(\S+)$/.exec(String(className[0]))?.[1] : undefined;
      push(into, lang ? { t: 'pre', v: text, lang } : { t: 'pre', v: text });
      return;
    }
    default:
  }
  if (asText) {
    blockAsText(into, element, place);
    return;
  }
  switch (name) {
    case 'p':
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const content = trimmed(phrasing(element.children, place));
      if (content.length === 0) return;
      push(into, name === 'p' ? { t: 'p', c: content } : { t: 'h', d: Number(name[1]), c: content });
      return;
    }
    case 'blockquote': {
      const content = flow(element.children, place);
      if (content.length > 0) push(into, { t: 'quote', c: content });
      return;
    }
    case 'ul':
    case 'ol': {
      const items: MdNode[] = [];
      for (const child of element.children) {
        if (child.type === 'text' && child.value.trim() === '') continue;
        const content = flow(
          child.type === 'element' && child.tagName === 'li' ? child.children : [child],
          place,
          true,
        );
        items.push({ t: 'li', c: content });
      }
      if (items.length === 0) return;
      const start = Number(property(element, 'start') || 1);
      push(into, name === 'ol' && start !== 1 ? { t: 'ol', start, c: items } : { t: name, c: items });
      return;
    }
    case 'details': {
      const [summary] = elementsOf(element, 'summary');
      const rest = element.children.filter((child) => child !== summary);
      push(into, {
        t: 'details',
        s: summary ? trimmed(phrasing(summary.children, place)) : [],
        c: flow(rest, place),
      });
      return;
    }
    case 'table':
      table(element, place).forEach((node) => push(into, node));
      return;
    default:
      // A block group (`div`, which stands for every block-level element the schema does not know) and a list item,
      // summary or table part out of place: its blocks, its text a paragraph of its own.
      flow(element.children, place).forEach((node) => push(into, node));
  }
}

function convertInto(into: MdNode[], children: readonly ElementContent[], mode: Mode, place: Place): void {
  for (const child of children) {
    if (child.type === 'text') push(into, child.value.replace(/[ \t]*\n[ \t]*/g, ' '));
    else if (child.type === 'element') convertElement(into, child, mode, place);
  }
}

/** A description's parsed HTML as the tree pages render: sanitised, then each element that is left made a node. */
export function htmlNodes(root: Root, targets: LinkTargets): MdNode[] {
  const clean = sanitize(root, allowList);
  const children = clean.type === 'root' ? clean.children : clean.type === 'element' ? [clean] : [];
  return flow(children as ElementContent[], { targets, inLink: false });
}
