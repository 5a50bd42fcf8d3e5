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

  test('writes unsafe links and HTML outside the allow-list as inert text, images as links', () => {
    const out = toSafeMarkdown(
      '<script>x()</script> <img src=x onerror=y>\n\nA <b>tag</b>, <token> [c](javascript:z) ![i](https://a.example/i.png)',
    );
    // Whatever reads it, a Markdown renderer or not: no tag (`<` is a character reference) and no javascript: link.
    expect(out).not.toMatch(/<[a-z]|\]\(javascript/i);
    expect(out).not.toContain('x()');
    expect(out).toContain('A **tag**, &lt;token> \\[c\\]\\(javascript:z)');
    // No `]` is bare: text never reads as a link's end, even to a reader that ignores the escaped `[`.
    expect(toSafeMarkdown('[quoted]: javascript:x')).toBe('\\[quoted\\]: javascript:x');
    expect(out).toContain('[Image: i](https://a.example/i.png)');
    expect(parseMarkdown(out).flatMap((node) => (typeof node === 'string' ? [] : [node.t]))).toEqual(['p']);
  });

  test.each([
    ['raised text as its words', 'Calls: 2<sup>*</sup>, H<sub>2</sub>O', 'Calls: 2\\*, H2O'],
    ['a key as code', 'Press <kbd>Ctrl</kbd>', 'Press `Ctrl`'],
    [
      'a disclosure as its summary in bold, then its content',
      '<details><summary>More</summary>\n\nSee *this*.\n\n</details>',
      '**More**\n\nSee _this_.',
    ],
    [
      'a table without a header row, its first row as the header',
      '<table><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>',
      '| a | 1 |\n| - | - |\n| b | 2 |',
    ],
    [
      'an image without alt text, named by its file',
      '<img src="https://cdn.example/logo.png" width="100">',
      '[Image: logo.png](https://cdn.example/logo.png)',
    ],
  ])('writes the HTML it allows as Markdown: %s', (_name, text, markdown) => {
    expect(toSafeMarkdown(text)).toBe(markdown);
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
