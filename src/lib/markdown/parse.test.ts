import { describe, expect, test } from 'vitest';
import { markdownTrees, parseMarkdown } from './parse';
import { descriptionTexts, firstLine, markdownKey, plainText, type MdNode } from './tree';

describe('parseMarkdown reads CommonMark and GFM', () => {
  test('paragraphs, emphasis, code, strikethrough, breaks and escapes', () => {
    expect(
      parseMarkdown('Use `limit` with **care**, _always_ ~~never~~.\nSame paragraph\\\nbreak *png\\_sticker*'),
    ).toEqual([
      {
        t: 'p',
        c: [
          'Use ',
          { t: 'code', v: 'limit' },
          ' with ',
          { t: 'strong', c: ['care'] },
          ', ',
          { t: 'em', c: ['always'] },
          ' ',
          { t: 'del', c: ['never'] },
          '. Same paragraph',
          { t: 'br' },
          'break ',
          { t: 'em', c: ['png_sticker'] },
        ],
      },
    ]);
  });

  test('headings relative to the shallowest, lists (ordered from their start, tasks), quotes, rules and code', () => {
    const tree = parseMarkdown(
      '### Sending\n\n#### Limits\n\n- one\n- [x] done\n\n3. three\n4. four\n\n> quoted\n\n---\n\n```json\n{"a": 1}\n```\n\n    indented',
    );
    expect(tree).toEqual([
      { t: 'h', d: 1, c: ['Sending'] },
      { t: 'h', d: 2, c: ['Limits'] },
      {
        t: 'ul',
        c: [
          { t: 'li', c: ['one'] },
          { t: 'li', task: true, c: ['done'] },
        ],
      },
      {
        t: 'ol',
        start: 3,
        c: [
          { t: 'li', c: ['three'] },
          { t: 'li', c: ['four'] },
        ],
      },
      { t: 'quote', c: [{ t: 'p', c: ['quoted'] }] },
      { t: 'hr' },
      { t: 'pre', v: '{"a": 1}\n', lang: 'json' },
      { t: 'pre', v: 'indented\n' },
    ]);
  });

  test('tables with their alignment, cells parsed as inline Markdown', () => {
    expect(parseMarkdown('| Name | Size |\n|:-----|-----:|\n| `a` | **2** |')).toEqual([
      {
        t: 'table',
        align: ['left', 'right'],
        head: [['Name'], ['Size']],
        rows: [[[{ t: 'code', v: 'a' }], [{ t: 'strong', c: ['2'] }]]],
      },
    ]);
  });

  test('links (bare URLs too) resolved, images as links, unsafe links as their text', () => {
    const tree = parseMarkdown(
      'See [the call](#operation/getX), https://a.example/x and ![a chart](https://a.example/c.png) or [bad](javascript:alert(1)).',
      { operation: (id) => `/docs/x/${id}` },
    );
    expect(tree).toEqual([
      {
        t: 'p',
        c: [
          'See ',
          { t: 'a', href: '/docs/x/getX', c: ['the call'] },
          ', ',
          { t: 'a', href: 'https://a.example/x', c: ['https://a.example/x'] },
          ' and ',
          { t: 'img', href: 'https://a.example/c.png', alt: 'a chart' },
          ' or [bad](javascript:alert(1)).',
        ],
      },
    ]);
  });
});

/** Every link target anywhere in a tree. */
function hrefs(nodes: readonly MdNode[]): string[] {
  return nodes.flatMap((node) => {
    if (typeof node === 'string') return [];
    if (node.t === 'a' || node.t === 'img') return [node.href, ...(node.t === 'a' ? hrefs(node.c) : [])];
    if (node.t === 'table') return [...node.head, ...node.rows.flat()].flatMap(hrefs);
    return 'c' in node ? hrefs(node.c) : [];
  });
}

/** Every element kind anywhere in a tree. */
function kinds(nodes: readonly MdNode[]): string[] {
  return nodes.flatMap((node) => {
    if (typeof node === 'string') return [];
    if (node.t === 'table') return ['table', ...[...node.head, ...node.rows.flat()].flatMap(kinds)];
    return [node.t, ...('c' in node ? kinds(node.c) : [])];
  });
}

describe('hostile descriptions', () => {
  test.each([
    ['nested brackets', '[a [b](https://ok.example)](javascript:alert(1))'],
    ['an escaped colon', '[x](javascript\\:alert(1))'],
    ['a tab inside the scheme', '[x](java\tscript:alert(1))'],
    ['a reference definition on the next line', '[x]\n\n[x]:\njavascript:alert(1)'],
    ['a reference definition in a blockquote', '[x]\n\n> [x]: javascript:alert(1)'],
    ['an entity-encoded scheme', '[x](&#106;avascript:alert(1))'],
    ['an autolink', '<javascript:alert(1)>'],
    ['a data: image', '![x](data:image/svg+xml,<svg onload=alert(1)>)'],
    ['a protocol-relative link', '[x](//evil.example)'],
  ])('%s yields no link outside the safe targets', (_name, text) => {
    expect(hrefs(parseMarkdown(text)).filter((href) => !/^(https:\/\/ok\.example\/|\/[^/\\])/.test(href))).toEqual([]);
  });

  test('raw HTML is text: no element the tree does not define', () => {
    const tree = parseMarkdown(
      '<script>x()</script>\n\n<img src=x onerror=y()> <b onclick=z>b</b>\n\n<div>\n\n*a*\n\n</div>',
    );
    expect(plainText(tree)).toContain('<script>x()</script>');
    expect(plainText(tree)).toContain('<img src=x onerror=y()>');
    expect(new Set(kinds(tree))).toEqual(new Set(['p', 'em']));
  });

  test('nesting deeper than 20 levels stops nesting instead of overflowing the stack', () => {
    const depth = (nodes: readonly MdNode[]): number =>
      Math.max(0, ...nodes.map((node) => (typeof node !== 'string' && 'c' in node ? 1 + depth(node.c) : 0)));
    expect(depth(parseMarkdown(`${'> '.repeat(50_000)}a`))).toBeLessThanOrEqual(21);
    expect(depth(parseMarkdown(`${'- '.repeat(50_000)}a`))).toBeLessThanOrEqual(42);
    // Emphasis nests as deep as its delimiters balance: capped too, the text kept.
    const emphasis = `${'*a **a '.repeat(5_000)}${' a** a*'.repeat(5_000)}`;
    expect(depth(parseMarkdown(emphasis))).toBeLessThanOrEqual(22);
    expect(plainText(parseMarkdown(emphasis)).replace(/[^a]/g, '')).toHaveLength(20_000);
  });

  test.each([
    ['nested emphasis', '*a **a ', ' a** a*'],
    ['emphasis closers', 'a_ ', ''],
    ['unmatched brackets', 'a]', ''],
    ['mismatched delimiters', '*a_ ', ''],
    ['brackets and emphasis', '[ a_', ''],
    ['nested brackets', '[', ']'],
    ['link ends', '](', ''],
    ['unclosed links', '[a](', ''],
    ['code span runs', '`a``', ''],
    ['table rows', '|x\n', ''],
  ])("reads CommonMark's pathological %s at 100,000 characters well within the test's time", (_name, open, close) => {
    // No timing is asserted (the machine is shared); the test's own 5 s limit is the bound. markdown-it reads each in
    // about 0.2 s; a reader quadratic on it takes minutes (the micromark stack: 9.1 s at a fifth of this length).
    const half = (unit: string) => unit.repeat(Math.ceil(50_000 / Math.max(1, unit.length)));
    const text = close ? `${half(open)}${half(close)}` : half(open).repeat(2);
    expect(plainText(parseMarkdown(text)).length).toBeGreaterThan(0);
  });
});

test('markdownTrees parses each description of a page once, by key', () => {
  const data = {
    description: 'The **call**.',
    parameters: [
      { name: 'a', description: 'Same.' },
      { name: 'b', description: 'Same.' },
    ],
    schema: { children: [{ name: 'description', type: 'string', description: '`text`' }] },
  };
  expect(descriptionTexts(data)).toEqual(['The **call**.', 'Same.', '`text`']);
  const trees = markdownTrees(data);
  expect(Object.keys(trees)).toHaveLength(3);
  expect(trees[markdownKey('`text`')]).toEqual([{ t: 'p', c: [{ t: 'code', v: 'text' }] }]);
  expect(firstLine(trees[markdownKey('The **call**.')])).toEqual(['The ', { t: 'strong', c: ['call'] }, '.']);
});
