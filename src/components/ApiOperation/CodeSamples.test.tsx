import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import { sampleLanguages, type CodeSample, type SampleLanguage } from '../../lib/samples';
import CodeSamples from './CodeSamples';

const samples: CodeSample[] = sampleLanguages.map(({ id, label, prism }) => ({
  language: id,
  label,
  prism,
  code: id === 'curl' ? 'curl "$URL" <b>' : `print("${id}")`,
}));
const write = (only?: readonly SampleLanguage[]) => samples.filter((sample) => !only || only.includes(sample.language));

test('one tab per language, the first chosen on the server, every panel in the page', () => {
  const html = renderToStaticMarkup(<CodeSamples write={write} />);
  expect(html.match(/role="tab"/g)?.length).toBe(sampleLanguages.length);
  expect(html.match(/role="tabpanel"/g)?.length).toBe(sampleLanguages.length);
  expect(html).toMatch(/aria-selected="true"[^>]*>curl</);
  expect(html).toContain('perl');
  // Code is text: a sample's markup-looking content is escaped, never rendered.
  expect(html).toContain('&lt;b&gt;');
  expect(html).not.toContain('<b>');
});

test('lazy writes only the chosen language', () => {
  const spy = vi.fn(write);
  const html = renderToStaticMarkup(<CodeSamples write={spy} lazy />);
  expect(spy).toHaveBeenCalledWith(['curl']);
  // One panel, which every tab controls.
  expect(html.match(/role="tabpanel"/g)?.length).toBe(1);
  const panel = /role="tabpanel" id="([^"]+)"/.exec(html)?.[1];
  expect(html.match(new RegExp(`aria-controls="${panel}"`, 'g'))?.length).toBe(sampleLanguages.length);
  expect(html).not.toContain('perl');
});
