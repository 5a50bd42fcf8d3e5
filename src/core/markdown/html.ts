import type { Element, ElementContent, Properties, Root } from 'hast';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { resolveHref, type LinkTargets } from './links';
import type { MdNode } from './tree';

// cspell:words noembed Doctypes

/**
 * The HTML inside a description, through an allow-list. A description with raw HTML is rendered by markdown-it
 * (./read.ts), the result parsed by a real HTML parser (parse5 when the pages are written, the browser's own
 * `DOMParser` on the single-page reference, which parses the document it loads: both follow the HTML standard, so
 * both build the same tree, and the browser's ships no parser), that tree cut down to the elements and attributes
 * below by hast-util-sanitize (the unified collective's maintained sanitiser, on an allow-list of our own rather
 * than GitHub's), and what is left turned into the tree pages render (./tree.ts). The page never receives HTML: a
 * tag the tree has no node for cannot reach it, whatever the sanitiser let through.
 */

/** Every element name of HTML, obsolete ones too: a tag of any other name is markup only when it is closed. */
export const htmlElementNames = new Set(
  `a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink blockquote body br
  button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed
  fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe
  image img input ins isindex kbd keygen label legend li link listing main map mark marquee math menu menuitem meta
  meter multicol nav nextid nobr noembed noframes noscript object ol optgroup option output p param picture plaintext
  pre progress q rb rbc rp rt rtc ruby s samp script search section select slot small source spacer span strike strong
  style sub summary sup svg table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr
  xmp`.split(/\s+/),
);

/**
 * Elements whose content is not text for a reader (code, styles, embedded documents, vector graphics) or whose
 * content the HTML parser reads as text (so it would show tags): dropped with all they hold.
 */
export const droppedElements = [
  'script',
  'style',
  'template',
  'iframe',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'head',
];

/**
 * Of those, the ones whose content the HTML parser reads as text up to their closing tag: such a tag without one
 * would take the rest of the description with it, so unclosed it is text (./read.ts).
 */
export const rawTextElements = new Set([
  'script',
  'style',
  'iframe',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
]);

/** Block-level elements a description may not use: each stands as a `div`, a boundary between blocks. */
const blockLevel = new Set(
  `address article aside body center dd dialog dir dl dt fieldset figcaption figure footer form header hgroup html
  legend listing main menu nav search section`.split(/\s+/),
);

const alignments = ['left', 'center', 'right'] as const;

/** What hast-util-sanitize lets through: the elements the tree has a node for, and the attributes it reads. */
const schema: Schema = {
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

/** The attributes the schema reads: no other is copied out of the parser's tree. */
const copiedAttributes = ['href', 'src', 'alt', 'start', 'align', 'class'];

/**
 * A parsed HTML tree as either parser gives it (parse5's default tree, or the DOM): what the walk below reads of it.
 * `name` is an HTML element's tag name in lower case, `#text` for text, `` for anything else (comments, and elements
 * of other namespaces, which only the dropped `svg` and `math` hold).
 */
export interface HtmlSource<N> {
  children(node: N): ArrayLike<N>;
  name(node: N): string;
  text(node: N): string;
  attribute(node: N, name: string): string | undefined;
}

/**
 * Elements nested deeper than this are flattened to their text. The parsers nest as deep as the tags do (a million
 * `<b>`), and every walk after this one (the sanitiser's, the tree's, React's) recurses: this bounds them all.
 */
export const maxHtmlDepth = 32;

/**
 * A description's HTML may make at most this many elements, nested at most this deep, counted in the parser's
 * document (`html`, `head` and `body` too) the same way for both parsers; past either, the description is read with
 * its HTML as text. Formatting tags closed out of order make the parser repeat them (each `<p>` reopens every `<b>`
 * still open), and each start tag looks down the elements open around it: a few thousand tags could make millions of
 * elements or steps. The depth is well under the caps browsers' parsers put on nesting (Chromium's is 512), so below
 * it a browser's document is the standard one, as parse5's is.
 */
export const maxHtmlElements = 10_000;
export const maxHtmlNesting = 128;

/** Whether a parsed document is within `maxHtmlElements` and `maxHtmlNesting`. */
export function htmlFits<N>(document: N, source: HtmlSource<N>): boolean {
  let elements = 0;
  const stack: [N, number][] = [[document, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [N, number];
    const children = source.children(node);
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      // Comments and the doctype count too, in both parsers' documents alike.
      if (source.name(child) === '#text') continue;
      elements += 1;
      if (elements > maxHtmlElements || depth + 1 > maxHtmlNesting) return false;
      stack.push([child, depth + 1]);
    }
  }
  return true;
}

function textOfSource<N>(node: N, source: HtmlSource<N>): string {
  let text = '';
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop() as N;
    const name = source.name(current);
    if (name === '#text') text += source.text(current);
    else if (current === node || (name !== '' && !droppedElements.includes(name))) {
      const children = source.children(current);
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
    }
  }
  return text;
}

function properties<N>(node: N, source: HtmlSource<N>): Properties {
  const result: Properties = {};
  for (const name of copiedAttributes) {
    const value = source.attribute(node, name);
    if (value === undefined) continue;
    if (name === 'class') result.className = value.split(/\s+/).filter(Boolean);
    else result[name] = name === 'align' ? value.trim().toLowerCase() : value;
  }
  return result;
}

/** The HTML body's content as hast, for the sanitiser: text and elements only, no deeper than `maxHtmlDepth`. */
export function hastFrom<N>(body: N, source: HtmlSource<N>): Root {
  const walk = (node: N, depth: number): ElementContent[] => {
    const result: ElementContent[] = [];
    const children = source.children(node);
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      const name = source.name(child);
      if (name === '#text') result.push({ type: 'text', value: source.text(child) });
      else if (name === '' || droppedElements.includes(name)) continue;
      else if (depth >= maxHtmlDepth) result.push({ type: 'text', value: textOfSource(child, source) });
      else {
        result.push({
          type: 'element',
          tagName: blockLevel.has(name) ? 'div' : name,
          properties: properties(child, source),
          children: walk(child, depth + 1),
        });
      }
    }
    return result;
  };
  return { type: 'root', children: walk(body, 0) };
}

type Mode = 'flow' | 'phrasing';

interface Place {
  targets: LinkTargets;
  /** Inside a link, where neither a link nor an image (shown as one) may open. */
  inLink: boolean;
}

const blockKinds = new Set(['p', 'h', 'ul', 'ol', 'li', 'quote', 'pre', 'hr', 'table', 'details']);

function isBlock(node: MdNode): boolean {
  return typeof node !== 'string' && blockKinds.has(node.t);
}

/** Adjacent text as one string; text after a line break without the break's own white space. */
function push(into: MdNode[], node: MdNode): void {
  const last = into[into.length - 1];
  if (typeof node === 'string') {
    const text = typeof last !== 'string' && last?.t === 'br' ? node.replace(/^\s+/, '') : node;
    if (text === '') return;
    if (typeof last === 'string') into[into.length - 1] = `${last}${text}`;
    else into.push(text);
  } else into.push(node);
}

/** A space between the words of blocks read where only text may stand, unless there is one already. */
function gap(into: MdNode[]): void {
  const last = into[into.length - 1];
  if (last === undefined || (typeof last === 'string' ? /\s$/.test(last) : last.t === 'br')) return;
  push(into, ' ');
}

/** Inline content without the white space at its edges, which HTML does not show. */
function trimmed(nodes: MdNode[]): MdNode[] {
  const result = [...nodes];
  if (typeof result[0] === 'string') result[0] = result[0].replace(/^\s+/, '');
  const last = result[result.length - 1];
  if (typeof last === 'string') result[result.length - 1] = last.replace(/\s+$/, '');
  return result.filter((node) => node !== '');
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(textOf).join('');
}

/** The file an image's address names, for an image without alt text. */
function fileName(href: string): string {
  try {
    const url = new URL(href);
    const last = url.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : url.host;
  } catch {
    return href;
  }
}

/** An image as the tree has it: a link to an http(s) address, or its alt text (or nothing) where it cannot be one. */
export function imageNode(src: string, alt: string, place: Place): MdNode | undefined {
  const href = resolveHref(src, place.targets);
  const text = alt.trim();
  if (href === undefined || !/^https?:/i.test(href)) return text || undefined;
  if (place.inLink) return text || fileName(href);
  return { t: 'img', href, alt: text || fileName(href) };
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
  const clean = sanitize(root, schema);
  const children = clean.type === 'root' ? clean.children : clean.type === 'element' ? [clean] : [];
  return flow(children as ElementContent[], { targets, inLink: false });
}
