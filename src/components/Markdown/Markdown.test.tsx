import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import Markdown, { MarkdownTreesProvider } from './index';
import { markdownTrees } from '@site/src/core/markdown/parse';

function rendered(text: string, props: { inline?: boolean; headings?: 2 | 3 } = {}): string {
  return renderToStaticMarkup(
    <MarkdownTreesProvider trees={markdownTrees({ description: text })}>
      <Markdown text={text} {...props} />
    </MarkdownTreesProvider>,
  );
}

test('renders the parsed tree: paragraphs, lists, code, emphasis, tables and safe links', () => {
  const html = rendered(
    'Use `limit` with **care**.\n\n- [guide](/docs/)\n- _two_\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n```json\n{"a": 1}\n```',
  );
  expect(html).toContain('<code>limit</code>');
  expect(html).toContain('<strong>care</strong>');
  expect(html).toContain('<a href="/docs/">guide</a>');
  expect(html).toContain('<em>two</em>');
  expect(html).toMatch(/<table><thead><tr><th>a<\/th><th style="text-align:right">b<\/th>/);
  expect(html).toMatch(/<pre[^>]*class="prism-code language-json[^"]*"[^>]*><code>.*a.*<\/code><\/pre>/s);
});

test("headings start at the place's level; inline shows the first paragraph's text", () => {
  expect(rendered('# Top\n\n## Sub', { headings: 2 })).toBe('<h2>Top</h2><h3>Sub</h3>');
  expect(rendered('# Top\n\n## Sub')).toBe('<h3>Top</h3><h4>Sub</h4>');
  expect(rendered('First **one**.\n\nSecond.', { inline: true })).toBe('First <strong>one</strong>.');
});

test('renders hostile text inert: no tag, handler or javascript: link reaches the markup', () => {
  const html = rendered(
    [
      '<script>x()</script> <img src=x onerror=y()> [click](javascript:z()) </p><p onclick=w> ![i](data:image/png,x)',
      '[click](javascript:z()) <a href="javascript:z()">a</a> <svg><script>s()</script></svg>',
      '<details open ontoggle=t()><summary>S</summary>d</details> <iframe src="https://evil.example/"></iframe>',
      '<b>unclosed <!-- c --> <table style="position:fixed"><tr><td onclick=c()>t</td></tr></table>',
    ].join('\n\n'),
  );
  // Markup as the browser would read it: no element but the tree's own, no handler attribute, no unsafe link.
  expect(html).not.toMatch(/<(script|img|svg|iframe)\b|<[^>]*\s(on\w+|style|open)=|href="(javascript|data)/i);
  expect(html).not.toMatch(/x\(\)|s\(\)/);
  expect(html).toContain('[click](javascript:z())');
});

test('renders the HTML the allow-list keeps as elements, an image as a link to it', () => {
  const html = rendered(
    '2<sup>*</sup> H<sub>2</sub>O <kbd>Ctrl</kbd> <img src="https://a.example/c.png" alt="Chart">\n\n' +
      '<details><summary>More</summary>\n\nHidden *text*\n\n</details>\n\n<table><tr><td>1</td></tr></table>',
  );
  expect(html).toContain(
    '2<sup>*</sup> H<sub>2</sub>O <kbd>Ctrl</kbd> <a href="https://a.example/c.png">Image: Chart</a>',
  );
  expect(html).toMatch(/<details class="[^"]*"><summary>More<\/summary><p>Hidden <em>text<\/em><\/p><\/details>/);
  // A table of HTML without a header row has no empty header.
  expect(html).toContain('<table><tbody><tr><td>1</td></tr></tbody></table>');
});

test('a description the page has no tree for shows as marked plain paragraphs, never as markup', () => {
  const html = renderToStaticMarkup(<Markdown text={'**a** <b>b</b>\n\nc'} />);
  expect(html).toBe('<p data-markdown="unparsed">**a** &lt;b&gt;b&lt;/b&gt;</p><p data-markdown="unparsed">c</p>');
});
