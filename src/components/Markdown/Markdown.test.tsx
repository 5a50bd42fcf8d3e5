import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import Markdown from './index';

test('renders paragraphs, lists, code, emphasis and safe links', () => {
  const html = renderToStaticMarkup(<Markdown text={'Use `limit` with **care**.\n\n- [guide](/docs/)\n- _two_'} />);
  expect(html).toContain('<code>limit</code>');
  expect(html).toContain('<strong>care</strong>');
  expect(html).toContain('<a href="/docs/">guide</a>');
  expect(html).toContain('<em>two</em>');
});

test('renders hostile text as text: no tag, handler or javascript: link reaches the markup', () => {
  const html = renderToStaticMarkup(
    <Markdown text={'<script>x()</script> <img src=x onerror=y()> [click](javascript:z()) </p><p onclick=w>'} />,
  );
  // Markup as the browser would read it: no element but the reader's own, no handler attribute, no unsafe link.
  expect(html).not.toMatch(/<(script|img)\b|<[^>]*\son\w+=|href="javascript/i);
  expect(html).toContain('&lt;script&gt;x()&lt;/script&gt;');
  expect(html).toContain('click');
});
