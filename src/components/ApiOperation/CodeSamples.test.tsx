import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import { sampleLanguages, type CodeSample, type SampleLanguage } from '../../core/samples';
import { getOperation } from '../../core/openapi/document';
import { operationView } from '../../core/openapi/view';
import { codeSamplesDocument } from '../../../tests/fixtures/codeSamplesDocument';
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

describe("with the call's own samples from the document", () => {
  const samplesDocument = codeSamplesDocument();
  const view = operationView(samplesDocument, 'samples', getOperation(samplesDocument, '/provider'));
  const own = view.documentSamples ?? [];
  const tabs = (html: string) =>
    Array.from(html.matchAll(/<button[^>]*role="tab"[^>]*>(.*?)<\/button>/g), ([, inner]) => inner);

  test("they are the first tabs, named as the document names them, then the portal's ten", () => {
    const html = renderToStaticMarkup(<CodeSamples write={write} documentSamples={own} />);
    const names = tabs(html).map((inner) => inner.replace(/<span[^>]*>.*?<\/span>/, ''));
    expect(names).toEqual([
      'Python',
      'Shell',
      'Kotlin SDK',
      'SDK &lt;img src=x onerror=&quot;window.__hostile = true&quot;&gt;',
      ...sampleLanguages.map((language) => language.label),
    ]);
    // Told apart from the portal's Python by name, and set apart by a rule before the portal's first.
    expect(tabs(html)[0]).toContain('(from the API&#x27;s document)');
    expect(tabs(html)[4]).toBe('curl');
    expect(html).toMatch(/class="tabs__item _firstGenerated_\w+"[^>]*>curl</);
    expect(html.match(/_firstGenerated_/g)).toHaveLength(1);
    expect(html.match(/role="tabpanel"/g)).toHaveLength(own.length + sampleLanguages.length);
    expect(html).toContain('The API&#x27;s own samples come first; this portal&#x27;s follow the rule.');
    // Without samples of its own, a call's tabs are as they were.
    expect(renderToStaticMarkup(<CodeSamples write={write} />)).not.toContain('own samples');
  });

  test('the first is chosen until the reader chooses, its panel says whose it is, highlighted', () => {
    const html = renderToStaticMarkup(<CodeSamples write={write} documentSamples={own} />);
    expect(html).toMatch(/aria-selected="true"[^>]*>Python<span/);
    const panel = /<div role="tabpanel"[^>]*>(.*?)<\/div><div role="tabpanel"/s.exec(html)?.[1] ?? '';
    expect(panel).toContain('From the API&#x27;s document; not run by this portal');
    expect(panel).toContain('language-python');
    // Kotlin has no grammar on the site: highlighted as C-like, by a grammar the reference loads (grammars.ts).
    const kotlin = /<div role="tabpanel"[^>]*-panel-2"[^>]*>(.*?)<\/div><div role="tabpanel"/s.exec(html)?.[1] ?? '';
    expect(kotlin).toContain('language-clike');
    expect(kotlin).toContain('<span class="token function">ArenaClient</span>');
  });

  test('a hostile sample is text: its source escaped, its lang never a class name', () => {
    const html = renderToStaticMarkup(<CodeSamples write={write} documentSamples={own} />);
    expect(html).toContain('&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;window.__hostile = true&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<img|onerror="window/);
    expect(html.match(/language-[^\s"]+/g)?.every((name) => /^language-[a-z]+$/.test(name))).toBe(true);
  });

  test('lazy writes no language of its own while a document sample is shown, in one panel', () => {
    const spy = vi.fn(write);
    const html = renderToStaticMarkup(<CodeSamples write={spy} documentSamples={own} lazy />);
    expect(spy).not.toHaveBeenCalled();
    expect(html.match(/role="tabpanel"/g)).toHaveLength(1);
    expect(html).toContain('arena.Client()');
  });

  test('a cut sample says so under its code', () => {
    const long = operationView(samplesDocument, 'samples', getOperation(samplesDocument, '/long')).documentSamples;
    const html = renderToStaticMarkup(<CodeSamples write={write} documentSamples={long} />);
    expect(html).toContain('Cut at 10,000 characters: the whole sample is in the API&#x27;s document.');
  });
});
