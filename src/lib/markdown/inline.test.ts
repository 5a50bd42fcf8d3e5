import { describe, expect, test } from 'vitest';
import { parseBlocks, parseInline, plainText, safeHref } from './inline';

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

  test.each(['#', 'javascript:alert(1)', 'data:text/html,x', 'JaVaScRiPt:alert(1)', '//evil.example/x', 'vbscript:x'])(
    'a link to %s is shown as its text only',
    (href) => {
      const inlines = parseInline(`[click](${href})`);
      expect(inlines.some((inline) => inline.kind === 'link')).toBe(false);
      expect(inlines[0]).toEqual({ kind: 'text', text: 'click' });
    },
  );

  test('snake_case names are not italics', () => {
    expect(parseInline('the arena_url and game_player_id fields')).toEqual([
      { kind: 'text', text: 'the arena_url and game_player_id fields' },
    ]);
  });
});

test('safeHref accepts site paths, anchors, http(s) and mailto', () => {
  expect(['/docs/', '#top', 'https://x.example', 'mailto:a@b.example'].map(safeHref)).toEqual([
    '/docs/',
    '#top',
    'https://x.example',
    'mailto:a@b.example',
  ]);
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
