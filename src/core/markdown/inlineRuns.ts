import type { MdNode } from './tree';

const blockKinds = new Set(['p', 'h', 'ul', 'ol', 'li', 'quote', 'pre', 'hr', 'table', 'details']);

export function isBlock(node: MdNode): boolean {
  return typeof node !== 'string' && blockKinds.has(node.t);
}

/** Adjacent text as one string; text after a line break without the break's own white space. */
export function push(into: MdNode[], node: MdNode): void {
  const last = into[into.length - 1];
  if (typeof node === 'string') {
    const text = typeof last !== 'string' && last?.t === 'br' ? node.replace(/^\s+/, '') : node;
    if (text === '') return;
    if (typeof last === 'string') into[into.length - 1] = `${last}${text}`;
    else into.push(text);
  } else into.push(node);
}

/** A space between the words of blocks read where only text may stand, unless there is one already. */
export function gap(into: MdNode[]): void {
  const last = into[into.length - 1];
  if (last === undefined || (typeof last === 'string' ? /\s$/.test(last) : last.t === 'br')) return;
  push(into, ' ');
}

/** Inline content without the white space at its edges, which HTML does not show. */
export function trimmed(nodes: MdNode[]): MdNode[] {
  const result = [...nodes];
  if (typeof result[0] === 'string') result[0] = result[0].replace(/^\s+/, '');
  const last = result[result.length - 1];
  if (typeof last === 'string') result[result.length - 1] = last.replace(/\s+$/, '');
  return result.filter((node) => node !== '');
}
