import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'node-html-parser';
import { expect, test } from 'vitest';
import { registerSiteLanguages } from '../../../tests/fixtures/prismLanguages';
import Code from './Code';

registerSiteLanguages();

const example = JSON.stringify(
  { items: Array.from({ length: 12 }, (_, index) => ({ id: `p${index}`, elo: 2000 + index, tag: '<b>&</b>' })) },
  null,
  2,
);

test('code is text with a span per token: no element per line, no inline style per token', () => {
  // `pre` is parsed as markup, not as the raw text node-html-parser keeps it as by default.
  const root = parse(renderToStaticMarkup(<Code code={example} language="json" title="Response" />), {
    blockTextElements: { script: true, style: true },
  });
  const code = root.querySelector('pre code')!;
  const lines = example.split('\n').length;
  const spans = code.querySelectorAll('span');
  expect(spans.length).toBeGreaterThan(lines);
  expect(spans.every((span) => /^token [\w -]+$/.test(span.getAttribute('class') ?? ''))).toBe(true);
  expect(code.querySelectorAll('[style]')).toHaveLength(0);
  expect(code.text).toBe(example);
  // Its language is named where the token colours (src/core/prism/html.ts) and the Markdown export look for it.
  expect(root.querySelector('pre')!.classList.contains('language-json')).toBe(true);
});
