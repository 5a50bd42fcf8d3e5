import { describe, expect, test } from 'vitest';
import { decodeReferences, parseBlocks, parseInline, plainText, safeHref, toSafeMarkdown } from './inline';

describe('parseInline', () => {
  test('reads code spans, links, bold and italics', () => {
    expect(
      parseInline('Send `limit` to the [API keys guide](/getting-started/authentication/api-keys), **now** _please_.'),
    ).toEqual([
      { kind: 'text', text: 'Send ' },
      { kind: 'code', text: 'limit' },
      { kind: 'text', text: ' to the ' },
      {
        kind: 'link',
        href: '/getting-started/authentication/api-keys',
        children: [{ kind: 'text', text: 'API keys guide' }],
      },
      { kind: 'text', text: ', ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'now' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'please' }] },
      { kind: 'text', text: '.' },
    ]);
  });

  test('keeps HTML as text', () => {
    expect(parseInline('<script>alert(1)</script><img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
    ]);
  });

  test('shows escaped HTML as the characters it stands for, and code spans as written', () => {
    expect(parseInline('&lt;script&gt; &amp; &#60;b&#x3e; `&lt;api key&gt;`')).toEqual([
      { kind: 'text', text: '<script> & <b> ' },
      { kind: 'code', text: '&lt;api key&gt;' },
    ]);
  });

  test.each([
    '#',
    'javascript:alert(1)',
    'data:text/html,x',
    'JaVaScRiPt:alert(1)',
    '//evil.example/x',
    '/\\evil.example/x',
    'vbscript:x',
  ])('a link to %s is shown as its text only', (href) => {
    const inlines = parseInline(`[click](${href})`);
    expect(inlines.some((inline) => inline.kind === 'link')).toBe(false);
    expect(plainText(inlines)).toMatch(/^click/);
  });

  test('snake_case names are not italics', () => {
    expect(parseInline('the arena_url and game_player_id fields')).toEqual([
      { kind: 'text', text: 'the arena_url and game_player_id fields' },
    ]);
  });
});

test('safeHref accepts site paths, anchors, http(s) and mailto, as the URL parser normalised them', () => {
  expect(
    ['/docs/', '#top', 'https://x.example', 'mailto:a@b.example', '/a b/<c>', 'https://x.example/"q"'].map(safeHref),
  ).toEqual([
    '/docs/',
    '#top',
    'https://x.example/',
    'mailto:a@b.example',
    '/a%20b/%3Cc%3E',
    'https://x.example/%22q%22',
  ]);
});

test.each([
  ['nested brackets', '[a [b](https://ok.example)](javascript:alert(1))'],
  ['an escaped colon', '[x](javascript\\:alert(1))'],
  ['a tab inside the scheme', '[x](java\tscript:alert(1))'],
  ['a reference definition on the next line', '[x]\n\n[x]:\njavascript:alert(1)'],
  ['a reference definition in a blockquote', '[x]\n\n> [x]: javascript:alert(1)'],
  ['an entity-encoded scheme', '[x](&#106;avascript:alert(1))'],
])('%s yields no javascript: link', (_name, text) => {
  const links: string[] = [];
  const visit = (inlines: ReturnType<typeof parseInline>) =>
    inlines.forEach((inline) => {
      if (inline.kind === 'link') links.push(inline.href);
      if ('children' in inline) visit(inline.children);
    });
  parseBlocks(text).forEach((block) =>
    block.kind === 'paragraph' ? visit(block.children) : block.items.forEach(visit),
  );
  expect(links.filter((href) => !/^(https:\/\/ok\.example\/|\/)/.test(href))).toEqual([]);
  // An escaped bracket (`\]`) is text; only a bare one could open a link.
  expect(toSafeMarkdown(text)).not.toMatch(/(?<!\\)\](\(|:)\s*javascript/i);
});

test('character references outside Unicode become U+FFFD instead of failing', () => {
  expect(decodeReferences('a&#x110000;b&#0;c&#xD800;d&#65;')).toBe('a\ufffdb\ufffdc\ufffddA');
});

test('reads pathological text in linear time', () => {
  // Quadratic readers took 14 s on 40,000 brackets; these 100,000-character inputs would take minutes.
  for (const char of ['[', '`', '*', '_', '](', '[a](']) {
    const text = char.repeat(Math.ceil(100_000 / char.length));
    expect(plainText(parseInline(text)).length).toBeGreaterThan(0);
  }
  expect(parseBlocks('[x'.repeat(200_000)).length).toBe(1);
});

describe('toSafeMarkdown', () => {
  test('keeps the structure the reader understood and escapes every other character of syntax', () => {
    expect(toSafeMarkdown('Use `limit` with **care**, see [docs](/docs/#a).\n\n- one\n- <b>two</b>')).toBe(
      'Use `limit` with **care**, see [docs](/docs/#a).\n\n- one\n- &lt;b&gt;two&lt;/b&gt;',
    );
  });

  test('writes raw HTML and unsafe links as inert text', () => {
    const out = toSafeMarkdown('<script>x()</script> <img src=x onerror=y> [c](javascript:z) *[d](data:x)*');
    expect(out).not.toMatch(/<|javascript:|data:x\)/);
    expect(out).toContain('&lt;script&gt;');
  });

  test('a code span cannot be closed by the backticks it holds', () => {
    expect(toSafeMarkdown('`a` then \\`b``')).toBe('`a` then \\`b\\`\\`');
  });
});

test('parseBlocks splits paragraphs and lists', () => {
  expect(parseBlocks('One\nline.\n\n- a\n- `b`\n\nTwo.')).toEqual([
    { kind: 'paragraph', children: [{ kind: 'text', text: 'One line.' }] },
    { kind: 'list', items: [[{ kind: 'text', text: 'a' }], [{ kind: 'code', text: 'b' }]] },
    { kind: 'paragraph', children: [{ kind: 'text', text: 'Two.' }] },
  ]);
});

test('plainText drops the markup', () => {
  expect(plainText(parseInline('Use `limit` and [docs](/docs/).'))).toBe('Use limit and docs.');
});
