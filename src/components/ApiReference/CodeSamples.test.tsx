import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { CodeSample } from '../../lib/openapi/samples';
import CodeSamples from './CodeSamples';

const samples: CodeSample[] = [
  { language: 'curl', label: 'curl', prism: 'bash', code: 'curl "$URL" <b>' },
  { language: 'python', label: 'Python', prism: 'python', code: 'print(1)' },
];

test('one tab per language, the first chosen on the server, every panel in the page', () => {
  const html = renderToStaticMarkup(<CodeSamples samples={samples} />);
  expect(html.match(/role="tab"/g)?.length).toBe(2);
  expect(html.match(/role="tabpanel"/g)?.length).toBe(2);
  expect(html).toMatch(/aria-selected="true"[^>]*>curl</);
  expect(html).toContain('print');
  // Code is text: a sample's markup-looking content is escaped, never rendered.
  expect(html).toContain('&lt;b&gt;');
  expect(html).not.toContain('<b>');
});

test('lazy builds only the chosen language', () => {
  const html = renderToStaticMarkup(<CodeSamples samples={samples} lazy />);
  expect(html.match(/role="tabpanel"/g)?.length).toBe(2);
  expect(html).not.toContain('print');
});
