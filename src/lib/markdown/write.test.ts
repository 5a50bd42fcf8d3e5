import { describe, expect, test } from 'vitest';
import { parseMarkdown } from './parse';
import { markdownCode, toSafeMarkdown } from './write';

describe('toSafeMarkdown', () => {
  test("keeps the structure the parser understood, headings under the twin's own", () => {
    expect(
      toSafeMarkdown(
        '# Limits\n\nUse `limit` with **care**, see [docs](/docs/#a).\n\n- one\n- two\n\n| a | b |\n|---|--:|\n| 1 | 2 |',
      ),
    ).toBe(
      '#### Limits\n\nUse `limit` with **care**, see [docs](/docs/#a).\n\n- one\n- two\n\n| a |  b |\n| - | -: |\n| 1 |  2 |',
    );
  });

  test('writes raw HTML and unsafe links as inert text, images as links', () => {
    const out = toSafeMarkdown(
      '<script>x()</script> <img src=x onerror=y> [c](javascript:z) ![i](https://a.example/i.png)',
    );
    // Whatever reads it, a Markdown renderer or not: no tag (`<` is a character reference) and no javascript: link.
    expect(out).not.toMatch(/<[a-z]|\]\(javascript/i);
    expect(out).toContain('&lt;script>x()&lt;/script>');
    // No `]` is bare: text never reads as a link's end, even to a reader that ignores the escaped `[`.
    expect(toSafeMarkdown('[quoted]: javascript:x')).toBe('\\[quoted\\]: javascript:x');
    expect(out).toContain('[Image: i](https://a.example/i.png)');
    expect(parseMarkdown(out).flatMap((node) => (typeof node === 'string' ? [] : [node.t]))).toEqual(['p']);
  });

  test('what it writes reads back as the same tree', () => {
    const text =
      '## A *b* `c`\n\n1. x\n2. [y](https://y.example/)\n\n> q\n\n```js\nlet a = "`";\n```\n\n| h |\n|:-:|\n| `a|b` |';
    expect(parseMarkdown(toSafeMarkdown(text))).toEqual(parseMarkdown(text));
  });

  test('links resolve as on the page', () => {
    expect(toSafeMarkdown('[privacy](/bots#privacy)', { siteOrigin: 'https://core.telegram.org' })).toBe(
      '[privacy](https://core.telegram.org/bots#privacy)',
    );
  });
});

test('a code span cannot be closed by the backticks it holds', () => {
  expect(markdownCode('a``b')).toBe('```a``b```');
  expect(markdownCode('`x')).toBe('`` `x ``');
});
