import { escapeMarkdownLineStart, escapeMarkdownText } from '../text/escape';

/**
 * A small Markdown reader for descriptions in third-party OpenAPI documents. It knows paragraphs, bullet lists, code
 * spans, links, bold and italics, and returns plain data that React renders as text, so no HTML in a description
 * ever reaches the page as markup. Descriptions are hostile input: the reader runs in time linear in the text (one
 * left-to-right pass; each delimiter's next occurrence is looked up once), and reads at most `maxParsedLength`
 * characters of a description.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block = { kind: 'paragraph'; children: Inline[] } | { kind: 'list'; items: Inline[][] };

/** The pipeline caps document text well below this; the reader's own bound is for any other caller. */
export const maxParsedLength = 100_000;

const siteOrigin = 'https://site.invalid';

/**
 * Where a link may go, decided on the parsed URL: http, https, mailto, or a path or anchor of this site. Returns
 * the URL as the parser normalised it (percent-encoded, no blanks or control characters), or undefined for
 * anything else (`javascript:`, `data:`, `//other.host`, `/\other.host`).
 */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  // A bare `#` goes nowhere, so it is no link either.
  if (trimmed === '' || trimmed === '#') return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, `${siteOrigin}/`);
  } catch {
    return undefined;
  }
  // Written without a scheme, a link must stay on the site: `//host` and `/\host` are other origins in disguise.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    if (url.origin !== siteOrigin) return undefined;
    if (trimmed.startsWith('#')) return url.hash;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return url.href;
  return undefined;
}

const namedReferences: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Decodes character references as a Markdown renderer would: a number outside Unicode (or zero, or a surrogate)
 * becomes U+FFFD, as the HTML standard says. Safe here: the result is only ever rendered as text.
 */
export function decodeReferences(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,8}|#\d{1,8}|[a-zA-Z]{2,8});/g, (match, body: string) => {
    if (body[0] === '#') {
      const code = body[1].toLowerCase() === 'x' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return namedReferences[body.toLowerCase()] ?? match;
  });
}

/** Finds the next occurrence of a character from a position, remembering it, so repeated look-ups cost O(n) in all. */
function nextFinder(text: string): (search: string | RegExp, from: number) => number {
  const cache = new Map<string | RegExp, { from: number; at: number }>();
  return (search, from) => {
    const known = cache.get(search);
    if (known && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
    let at: number;
    if (typeof search === 'string') at = text.indexOf(search, from);
    else {
      search.lastIndex = from;
      at = search.exec(text)?.index ?? -1;
    }
    cache.set(search, { from, at });
    return at;
  };
}

const asciiPunctuation = /[!-/:-@[-`{-~]/;

function merge(inlines: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const inline of inlines) {
    const last = merged[merged.length - 1];
    if (inline.kind === 'text' && last?.kind === 'text') last.text += inline.text;
    else merged.push(inline);
  }
  return merged.filter((inline) => inline.kind !== 'text' || inline.text !== '');
}

export function parseInline(text: string): Inline[] {
  const find = nextFinder(text);
  const whitespace = /\s/g;
  const result: Inline[] = [];
  let plainStart = 0;
  const flush = (end: number) => {
    if (end > plainStart) result.push({ kind: 'text', text: decodeReferences(text.slice(plainStart, end)) });
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    let inline: Inline | Inline[] | undefined;
    let next = i;
    if (char === '\\' && asciiPunctuation.test(text[i + 1] ?? '')) {
      // A backslash escape is the character itself, never syntax.
      inline = { kind: 'text', text: text[i + 1] };
      next = i + 2;
    } else if (char === '`') {
      const end = find('`', i + 1);
      if (end > i + 1) {
        inline = { kind: 'code', text: text.slice(i + 1, end) };
        next = end + 1;
      }
    } else if (char === '[') {
      const close = find(']', i + 1);
      if (close > i + 1 && text[close + 1] === '(') {
        const paren = find(')', close + 2);
        const blank = find(whitespace, close + 2);
        if (paren > close + 2 && (blank === -1 || blank > paren)) {
          const children = parseInline(text.slice(i + 1, close));
          const href = safeHref(text.slice(close + 2, paren));
          // An unsafe target keeps its text and loses the link.
          inline = href ? { kind: 'link', href, children } : children;
          next = paren + 1;
        }
      }
    } else if (char === '*' && text[i + 1] === '*') {
      const end = find('*', i + 2);
      if (end > i + 2 && text[end + 1] === '*') {
        inline = { kind: 'strong', children: parseInline(text.slice(i + 2, end)) };
        next = end + 2;
      }
    }
    if (inline === undefined && (char === '*' || char === '_') && !/[\w*]/.test(text[i - 1] ?? '')) {
      const star = find('*', i + 1);
      const underscore = find('_', i + 1);
      const end = star === -1 ? underscore : underscore === -1 ? star : Math.min(star, underscore);
      if (end > i + 1 && !/[\w*]/.test(text[end + 1] ?? '')) {
        inline = { kind: 'em', children: parseInline(text.slice(i + 1, end)) };
        next = end + 1;
      }
    }
    if (inline === undefined) {
      i += 1;
      continue;
    }
    flush(i);
    result.push(...(Array.isArray(inline) ? inline : [inline]));
    i = next;
    plainStart = next;
  }
  flush(text.length);
  return merge(result);
}

/** Splits a description into paragraphs and bullet lists; single line breaks inside a paragraph are spaces. */
export function parseBlocks(text: string): Block[] {
  const bounded = text.length > maxParsedLength ? `${text.slice(0, maxParsedLength)}…` : text;
  const blocks: Block[] = [];
  for (const chunk of bounded.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
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

/** A code span whose backtick fence is longer than any run inside it, so its text cannot close it. */
export function markdownCode(code: string): string {
  const flat = code.replace(/\s*\n\s*/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

function inlineMarkdown(inlines: Inline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.kind) {
        case 'text':
          return escapeMarkdownText(inline.text.replace(/\s*\n\s*/g, ' '));
        case 'code':
          return markdownCode(inline.text);
        case 'strong':
          return `**${inlineMarkdown(inline.children)}**`;
        case 'em':
          return `_${inlineMarkdown(inline.children)}_`;
        case 'link':
          // safeHref's output is percent-encoded but may keep parentheses, which would end the destination early.
          return `[${inlineMarkdown(inline.children)}](${inline.href.replace(/[()<> ]/g, encodeURIComponent)})`;
      }
    })
    .join('');
}

/**
 * A description written back as Markdown that says only what the reader understood: text escaped, links only to
 * safe targets. What a Markdown-to-HTML renderer (Redoc, a Markdown viewer, an AI tool) makes of it is inert.
 */
export function toSafeMarkdown(text: string): string {
  return parseBlocks(text)
    .map((block) =>
      block.kind === 'paragraph'
        ? escapeMarkdownLineStart(inlineMarkdown(block.children))
        : block.items.map((item) => `- ${escapeMarkdownLineStart(inlineMarkdown(item))}`).join('\n'),
    )
    .join('\n\n');
}
