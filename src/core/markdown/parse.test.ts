import { describe, expect, test } from 'vitest';
import { markdownTrees, parseMarkdown } from './parse';
import { descriptionTexts, firstLine, markdownKey, plainText, type MdNode } from './tree';
import { hostileMarkers } from '../../../tests/fixtures/specServer';

// cspell:words hrefs

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

  test('HTML outside the allow-list leaves no element the tree does not define, and no script text', () => {
    const tree = parseMarkdown(
      '<script>x()</script>\n\n<img src=x onerror=y()> <b onclick=z>b</b>\n\n<div>\n\n*a*\n\n</div>',
    );
    expect(tree).toEqual([
      { t: 'p', c: [{ t: 'strong', c: ['b'] }] },
      { t: 'p', c: [{ t: 'em', c: ['a'] }] },
    ]);
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

describe('HTML in descriptions, through the allow-list', () => {
  test.each<[string, string, MdNode[]]>([
    [
      'raised and lowered text, keys',
      '2<sup>*</sup> and H<sub>2</sub>O: <kbd>Ctrl</kbd>',
      [{ t: 'p', c: ['2', { t: 'sup', c: ['*'] }, ' and H', { t: 'sub', c: ['2'] }, 'O: ', { t: 'kbd', v: 'Ctrl' }] }],
    ],
    [
      'bold and italic, as emphasis',
      '<b>Note:</b> <i>read</i> <strong>this</strong> <em>first</em>',
      [
        {
          t: 'p',
          c: [
            { t: 'strong', c: ['Note:'] },
            ' ',
            { t: 'em', c: ['read'] },
            ' ',
            { t: 'strong', c: ['this'] },
            ' ',
            { t: 'em', c: ['first'] },
          ],
        },
      ],
    ],
    [
      'line breaks and code',
      'one<br>two <code>x</code>',
      [{ t: 'p', c: ['one', { t: 'br' }, 'two ', { t: 'code', v: 'x' }] }],
    ],
    [
      'paragraphs, lists and a rule',
      '<p>a</p><ul><li>b</li><li>c</li></ul><hr><ol start="3"><li>d</li></ol>',
      [
        { t: 'p', c: ['a'] },
        {
          t: 'ul',
          c: [
            { t: 'li', c: ['b'] },
            { t: 'li', c: ['c'] },
          ],
        },
        { t: 'hr' },
        { t: 'ol', start: 3, c: [{ t: 'li', c: ['d'] }] },
      ],
    ],
    [
      'headings as the Markdown ones, a quote and code (the language of a raw code block is not kept)',
      '<h2>A</h2><h3>B</h3><blockquote>q</blockquote><pre><code class="language-json">{}\n</code></pre>',
      [
        { t: 'h', d: 1, c: ['A'] },
        { t: 'h', d: 2, c: ['B'] },
        { t: 'quote', c: [{ t: 'p', c: ['q'] }] },
        { t: 'pre', v: '{}\n' },
      ],
    ],
    [
      'a disclosure holding Markdown',
      '<details>\n<summary>More</summary>\n\nSome *text*\n\n</details>',
      [{ t: 'details', s: ['More'], c: [{ t: 'p', c: ['Some ', { t: 'em', c: ['text'] }] }] }],
    ],
    [
      'a table, its header row and alignment',
      '<table><tr><th align="right">N</th><th>V</th></tr><tr><td>1</td><td><b>2</b></td></tr></table>',
      [{ t: 'table', align: ['right', ''], head: [['N'], ['V']], rows: [[['1'], [{ t: 'strong', c: ['2'] }]]] }],
    ],
    [
      'a table without a header row',
      '<table><tr><td>1</td><td>2</td></tr></table>',
      [{ t: 'table', align: ['', ''], head: [], rows: [[['1'], ['2']]] }],
    ],
    [
      'links to safe targets',
      '<a href="https://ok.example/">ok</a> <a href="mailto:a@ok.example">mail</a>',
      [
        {
          t: 'p',
          c: [
            { t: 'a', href: 'https://ok.example/', c: ['ok'] },
            ' ',
            { t: 'a', href: 'mailto:a@ok.example', c: ['mail'] },
          ],
        },
      ],
    ],
    [
      'an image as a link named by its alt text',
      '<img src="https://ok.example/c.png" alt="A chart">',
      [{ t: 'p', c: [{ t: 'img', href: 'https://ok.example/c.png', alt: 'A chart' }] }],
    ],
    [
      'an image without alt text, named by its file',
      '<img src="https://cdn.ok.example/logo%20big.png" width="100" />',
      [{ t: 'p', c: [{ t: 'img', href: 'https://cdn.ok.example/logo%20big.png', alt: 'logo big.png' }] }],
    ],
    [
      'an anchor without a target, as its text',
      '## Overview <a name="overview"></a>',
      [{ t: 'h', d: 1, c: ['Overview'] }],
    ],
    [
      'elements outside the list, as their text',
      '<div>a</div><span style="color:red">b</span> <font color=red>c</font><center>d</center>',
      [
        { t: 'p', c: ['a'] },
        { t: 'p', c: ['b c'] },
        { t: 'p', c: ['d'] },
      ],
    ],
    [
      'a tag that names no element and is never closed, as text',
      'Send `Authorization: Bearer` <token> or <your-key>.',
      [{ t: 'p', c: ['Send ', { t: 'code', v: 'Authorization: Bearer' }, ' <token> or <your-key>.'] }],
    ],
    [
      "a closed tag that names no element, as its text (AWS's notes)",
      '<p>Read.</p> <note> <p>A note.</p> </note>',
      [
        { t: 'p', c: ['Read.'] },
        { t: 'p', c: ['A note.'] },
      ],
    ],
    [
      'a badge: an image inside a link is the link',
      '[![Build](https://ci.ok.example/b.svg)](https://ci.ok.example/) <a href="https://ok.example/"><img src="https://ok.example/i.png"></a>',
      [
        {
          t: 'p',
          c: [
            { t: 'a', href: 'https://ci.ok.example/', c: ['Build'] },
            ' ',
            { t: 'a', href: 'https://ok.example/', c: ['i.png'] },
          ],
        },
      ],
    ],
  ])('%s', (_name, text, tree) => {
    expect(parseMarkdown(text)).toEqual(tree);
  });

  test.each<[string, string, MdNode[]]>([
    ['an image whose error handler would run', '<img src=x onerror=alert(1)>', []],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)">click</a> <a href="  JaVaScRiPt:alert(1)">two</a>',
      [{ t: 'p', c: ['click two'] }],
    ],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">click</a>', [{ t: 'p', c: ['click'] }]],
    ['a data: image', '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="pic">', [{ t: 'p', c: ['pic'] }]],
    [
      'a script inside SVG',
      'a <svg><script>alert(1)</script><a href="https://ok.example/">t</a></svg> b',
      [{ t: 'p', c: ['a  b'] }],
    ],
    [
      'a disclosure with a toggle handler',
      '<details open ontoggle=alert(1)><summary>S</summary>body</details>',
      [{ t: 'details', s: ['S'], c: [{ t: 'p', c: ['body'] }] }],
    ],
    [
      'an iframe, an object and a form',
      '<iframe src="https://evil.example/">x</iframe><object data="https://evil.example/">y</object><form action="https://evil.example/"><input name=a>z</form>',
      [
        { t: 'p', c: ['y'] },
        { t: 'p', c: ['z'] },
      ],
    ],
    [
      'styles and scripts, contents too',
      '<style>body{display:none}</style>a <script>alert(1)</script>b',
      [{ t: 'p', c: ['a b'] }],
    ],
    [
      'a table with styles',
      '<table style="position:fixed;inset:0"><tr><td style="color:red" onclick="alert(1)">x</td></tr></table>',
      [{ t: 'table', align: [''], head: [], rows: [[['x']]] }],
    ],
    [
      'unclosed tags',
      'a <b>bold <i>and',
      [{ t: 'p', c: ['a ', { t: 'strong', c: ['bold ', { t: 'em', c: ['and'] }] }] }],
    ],
    [
      'a bold spanning paragraphs, kept inside the description',
      '<b>one\n\ntwo</b> three',
      [
        { t: 'p', c: [{ t: 'strong', c: ['one'] }] },
        { t: 'p', c: [{ t: 'strong', c: ['two'] }, ' three'] },
      ],
    ],
    ['comments', 'a <!-- <script>alert(1)</script> --> b\n\n<!--\nhidden\n-->', [{ t: 'p', c: ['a  b'] }]],
    [
      'an unclosed script, shown as text rather than hiding the rest',
      'a <script>alert(1)\n\nb',
      [
        { t: 'p', c: ['a <script>alert(1)'] },
        { t: 'p', c: ['b'] },
      ],
    ],
    [
      'a textarea or title, whose content HTML reads as text',
      '<textarea><b>x</b></textarea><title><i>y</i></title>z',
      [{ t: 'p', c: ['z'] }],
    ],
    [
      'a meta refresh and a base',
      '<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/">[a](/x)',
      [{ t: 'p', c: [{ t: 'a', href: '/x', c: ['a'] }] }],
    ],
    [
      'a link around blocks, which the parser carries into each',
      '<a href="https://ok.example/"><div>x</div><ul><li>y</li></ul></a>',
      [
        { t: 'p', c: [{ t: 'a', href: 'https://ok.example/', c: ['x'] }] },
        { t: 'ul', c: [{ t: 'li', c: [{ t: 'a', href: 'https://ok.example/', c: ['y'] }] }] },
      ],
    ],
    [
      'nested links',
      '<a href="https://a.example/">a <a href="https://b.example/">b</a></a>',
      [
        {
          t: 'p',
          c: [
            { t: 'a', href: 'https://a.example/', c: ['a '] },
            { t: 'a', href: 'https://b.example/', c: ['b'] },
          ],
        },
      ],
    ],
    ['a list item outside a list', '<li>x</li>', [{ t: 'p', c: ['x'] }]],
    ['a body with a handler', '<body onload=alert(1)>x</body>', [{ t: 'p', c: ['x'] }]],
  ])('hostile: %s', (_name, text, tree) => {
    expect(parseMarkdown(text)).toEqual(tree);
  });

  test('no raw element, attribute or unsafe address survives, whatever the nesting', () => {
    const text = [
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">a</a>',
      '<svg><script>alert(1)</script></svg>',
      '<details open ontoggle=alert(1)><summary>s</summary></details>',
      '<iframe src="https://evil.example/"></iframe>',
      '<b>unclosed',
      '<!-- c -->',
      '<table style="x"><tr><td>t</td></tr></table>',
      '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
      '<noscript><img src=x onerror=alert(1)></noscript>',
    ].join('\n\n');
    const tree = parseMarkdown(text);
    expect(hrefs(tree).filter((href) => !/^https?:\/\//.test(href))).toEqual([]);
    expect(JSON.stringify(tree)).not.toMatch(/alert|onerror|ontoggle|style|javascript/);
    expect(new Set(kinds(tree))).toEqual(new Set(['p', 'strong', 'details', 'table']));
  });

  test("the hostile build's inline HTML keeps its allowed elements and nothing of the rest", () => {
    const tree = parseMarkdown(hostileMarkers.inlineHtml);
    expect(new Set(kinds(tree))).toEqual(new Set(['p', 'sup', 'sub', 'kbd', 'img', 'a', 'details', 'table', 'strong']));
    expect(hrefs(tree)).toEqual(['https://images.example/chart.png', 'https://ok.example/']);
    expect(JSON.stringify(tree)).not.toMatch(/alert|hostile|on(error|click|toggle)|style|javascript|evil/);
    expect(plainText(tree)).toContain('object fallback');
  });

  test('Markdown reads the same with HTML beside it as without', () => {
    const texts = [
      'Use `limit` with **care**, _always_ ~~never~~.\nSame paragraph\\\nbreak *png\\_sticker*',
      '### Sending\n\n#### Limits\n\n- one\n- [x] done\n\n3. three\n4. four\n\n> quoted\n\n---\n\n```json\n{"a": 1}\n```\n\n    indented',
      '| Name | Size |\n|:-----|-----:|\n| `a` | **2** |\n| c |',
      'See [the call](#operation/getX), https://a.example/x and ![a chart](https://a.example/c.png) or [bad](javascript:alert(1)).',
      '- loose\n\n  para\n- item\n  - nested *deep*',
      'a &amp; b &lt;c&gt; &nbsp; [x]: y',
    ];
    const targets = { operation: (id: string) => `/docs/x/${id}` };
    for (const text of texts) {
      // A comment sends the description through the HTML parser and leaves nothing of its own.
      expect(parseMarkdown(`${text}\n\n<!-- -->`, targets)).toEqual(parseMarkdown(text, targets));
    }
  });

  test.each([
    ['nested elements', '<div>'.repeat(1_990)],
    [
      'formatting tags closed out of order, reopened by every paragraph',
      `${Array.from({ length: 1_900 }, (_, i) => `<b id=${i}>`).join('')}</p>${'\n\nx'.repeat(6_000)}`,
    ],
    ['more tags than the allowance', '<b>x</b>'.repeat(2_001)],
    ['deep nesting then many paragraphs', `${'<blockquote>'.repeat(1_500)}\n\n${'x\n\n'.repeat(25_000)}`],
  ])('%s are read within bounds, as HTML or as text', (_name, text) => {
    const depth = (nodes: readonly MdNode[]): number =>
      Math.max(0, ...nodes.map((node) => (typeof node !== 'string' && 'c' in node ? 1 + depth(node.c) : 0)));
    // No timing is asserted (the machine is shared); the test's own 5 s limit is the bound.
    expect(depth(parseMarkdown(text))).toBeLessThanOrEqual(40);
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
