import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import Markdown, { MarkdownTreesProvider } from './index';
import { markdownTrees } from '@site/src/lib/markdown/parse';

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

test('renders hostile text as text: no tag, handler or javascript: link reaches the markup', () => {
  const html = rendered(
    '<script>x()</script> <img src=x onerror=y()> [click](javascript:z()) </p><p onclick=w> ![i](data:image/png,x)',
  );
  // Markup as the browser would read it: no element but the tree's own, no handler attribute, no unsafe link.
  expect(html).not.toMatch(/<(script|img)\b|<[^>]*\son\w+=|href="(javascript|data)/i);
  expect(html).toContain('&lt;script&gt;x()&lt;/script&gt;');
});

test('a description the page has no tree for shows as marked plain paragraphs, never as markup', () => {
  const html = renderToStaticMarkup(<Markdown text={'**a** <b>b</b>\n\nc'} />);
  expect(html).toBe('<p data-markdown="unparsed">**a** &lt;b&gt;b&lt;/b&gt;</p><p data-markdown="unparsed">c</p>');
});
