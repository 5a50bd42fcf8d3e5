import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { CodeSample } from '../../lib/openapi/samples';
import CodeSamples, { sampleTabsGroupId } from './CodeSamples';

test('one tab per language, in the shared group that remembers the reader’s choice', () => {
  const samples: CodeSample[] = [
    { language: 'curl', label: 'curl', prism: 'bash', code: 'curl "$URL" <b>' },
    { language: 'python', label: 'Python', prism: 'python', code: 'print(1)' },
  ];
  const html = renderToStaticMarkup(<CodeSamples samples={samples} />);
  expect(html).toContain(`data-group="${sampleTabsGroupId}"`);
  expect(html.match(/data-tab=/g)?.length).toBe(2);
  expect(html).toContain('aria-label="Python"');
  // Code is text: a sample's markup-looking content is escaped, never rendered.
  expect(html).toContain('curl &quot;$URL&quot; &lt;b&gt;');
});
