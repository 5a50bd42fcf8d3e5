/**
 * A small Markdown reader for descriptions in third-party OpenAPI documents. It knows paragraphs, bullet lists, code
 * spans, links, bold and italics, and returns plain data that React renders as text, so no HTML in a description
 * ever reaches the page as markup.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block = { kind: 'paragraph'; children: Inline[] } | { kind: 'list'; items: Inline[][] };

/** Links to a site path, an anchor, http(s) or mailto; anything else (`javascript:`, `data:`) is not a link. */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  // A bare `#` goes nowhere: it is what the spec pipeline leaves of an unsafe target, so it is no link either.
  if (trimmed === '#') return undefined;
  if (/^(\/(?!\/)|#)/.test(trimmed)) return trimmed;
  if (/^(https?:\/\/|mailto:)/i.test(trimmed)) return trimmed;
  return undefined;
}

const patterns: { kind: 'code' | 'link' | 'strong' | 'em'; regex: RegExp }[] = [
  { kind: 'code', regex: /`([^`]+)`/ },
  { kind: 'link', regex: /\[([^\]]+)\]\(([^)\s]+)\)/ },
  { kind: 'strong', regex: /\*\*([^*]+)\*\*/ },
  { kind: 'em', regex: /(?<![\w*])[*_]([^*_]+)[*_](?![\w*])/ },
];

const namedReferences: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Decodes character references as a Markdown renderer would (the spec pipeline escapes `<` as `&lt;` for renderers
 * that emit HTML). Safe here: the result is only ever rendered as text.
 */
export function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, body: string) => {
    if (body[0] === '#') {
      const code = body[1].toLowerCase() === 'x' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return namedReferences[body.toLowerCase()] ?? match;
  });
}

export function parseInline(text: string): Inline[] {
  const result: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    let best: { kind: (typeof patterns)[number]['kind']; match: RegExpExecArray } | undefined;
    for (const { kind, regex } of patterns) {
      const match = regex.exec(rest);
      if (match && (best === undefined || match.index < best.match.index)) best = { kind, match };
    }
    if (!best) {
      result.push({ kind: 'text', text: decodeReferences(rest) });
      break;
    }
    const { kind, match } = best;
    if (match.index > 0) result.push({ kind: 'text', text: decodeReferences(rest.slice(0, match.index)) });
    if (kind === 'code') result.push({ kind: 'code', text: match[1] });
    else if (kind === 'link') {
      const href = safeHref(match[2]);
      const children = parseInline(match[1]);
      // An unsafe target keeps its text and loses the link.
      if (href) result.push({ kind: 'link', href, children });
      else result.push(...children);
    } else result.push({ kind, children: parseInline(match[1]) });
    rest = rest.slice(match.index + match[0].length);
  }
  return result;
}

/** Splits a description into paragraphs and bullet lists; single line breaks inside a paragraph are spaces. */
export function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
      blocks.push({ kind: 'list', items: lines.map((line) => parseInline(line.replace(/^\s*[-*]\s+/, ''))) });
    } else {
      blocks.push({ kind: 'paragraph', children: parseInline(lines.map((line) => line.trim()).join(' ')) });
    }
  }
  return blocks;
}

/** The first sentence of a description as plain text, for page descriptions and summaries. */
export function plainText(inlines: Inline[]): string {
  return inlines.map((inline) => ('children' in inline ? plainText(inline.children) : inline.text)).join('');
}
