import type { ElementContent, Properties, Root } from 'hast';
import { droppedElements } from './htmlElements';

/** Block-level elements a description may not use: each stands as a `div`, a boundary between blocks. */
const blockLevel = new Set(
  `address article aside body center dd dialog dir dl dt fieldset figcaption figure footer form header hgroup html
  legend listing main menu nav search section`.split(/\s+/),
);

/** The attributes the allow-list (./html.ts) reads: no other is copied out of the parser's tree. */
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
