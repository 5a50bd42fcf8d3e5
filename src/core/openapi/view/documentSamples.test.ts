import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { codeSamplesDocument, hostileSample, providerSamples } from '../../../../tests/fixtures/codeSamplesDocument';
import { realDocumentPath, realDocuments } from '../../../../tools/lib/realDocuments';
import { getOperation, type JsonObject } from '../document';
import { documentSamplePrism } from '../../samples';
import { documentSampleLimits, documentSampleNotices, operationView, operationViews, readDocumentSamples } from './';
import { webhookViews } from './webhooks';

const document = codeSamplesDocument();
const samplesOf = (path: string, method: 'get' | 'post' = 'get') =>
  operationView(document, 'samples', getOperation(document, path, method)).documentSamples;
const problemsOf = (path: string) => readDocumentSamples(document, getOperation(document, path).operation).problems;

describe('a call’s own samples (x-codeSamples)', () => {
  test('are read in the document’s order, labelled by `label`, else `lang`, each source as written', () => {
    const samples = samplesOf('/provider') ?? [];
    expect(samples.map((sample) => sample.label)).toEqual(['Python', 'Shell', 'Kotlin SDK', hostileSample.label]);
    expect(samples.map((sample) => sample.lang)).toEqual(['Python', 'Shell', 'Kotlin', hostileSample.lang]);
    // Trailing line ends go (a YAML block's last one); the rest is the document's text, untouched.
    expect(samples[0].source).toBe(providerSamples[0].source.trimEnd());
    expect(samples[3].source).toBe(hostileSample.source);
    expect(problemsOf('/provider')).toEqual([]);
  });

  test('the older spelling is read too; where a call has both, `x-codeSamples` is its samples, as in Redoc', () => {
    expect(samplesOf('/older')).toEqual([{ label: 'Ruby', lang: 'Ruby', prism: 'ruby', source: 'puts Arena.older' }]);
    expect(samplesOf('/both')?.map((sample) => sample.source)).toEqual(['arena.Both()']);
  });

  test('an entry may be a reference into the document; one that leads nowhere is skipped', () => {
    expect(samplesOf('/referenced')?.map((sample) => sample.label)).toEqual(['Python']);
    expect(problemsOf('/referenced')).toEqual(['x-codeSamples[1] is not an object']);
  });

  test('a call without samples carries none in its view (views travel in every reference page)', () => {
    const plain = operationView(
      { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { responses: {} } } } },
      'x',
      { path: '/a', method: 'get', operation: { responses: {} } },
    );
    expect('documentSamples' in plain).toBe(false);
  });

  test('malformed entries are skipped, each named for the build log, and the good ones kept', () => {
    expect(samplesOf('/not-a-list')).toBeUndefined();
    expect(problemsOf('/not-a-list')).toEqual(['x-codeSamples is not a list']);
    expect(samplesOf('/malformed')?.map((sample) => [sample.label, sample.source])).toEqual([
      ['Go, named', 'fine()'],
      ['Go', 'kept()'],
    ]);
    expect(problemsOf('/malformed')).toEqual([
      'x-codeSamples[0] is not an object',
      'x-codeSamples[1] is not an object',
      'x-codeSamples[2] has no source text',
      'x-codeSamples[3] has no source text',
      'x-codeSamples[4] has no source text',
      'x-codeSamples[5] has neither a lang nor a label',
    ]);
  });

  test(`at most ${documentSampleLimits.samples} a call: the rest are left out, and the log says how many`, () => {
    const samples = samplesOf('/many') ?? [];
    expect(samples).toHaveLength(documentSampleLimits.samples);
    expect(samples.at(-1)?.label).toBe(`Go ${documentSampleLimits.samples}`);
    expect(problemsOf('/many')).toEqual([`3 sample(s) past the first ${documentSampleLimits.samples} were left out`]);
  });

  test(`a source past ${documentSampleLimits.characters} characters is cut at a line end, or whole characters`, () => {
    const [lines, oneLine] = samplesOf('/long') ?? [];
    expect(lines.cut).toBe(true);
    expect(lines.source.length).toBeLessThanOrEqual(documentSampleLimits.characters);
    expect(lines.source.length).toBeGreaterThan(documentSampleLimits.characters - 10);
    expect(lines.source.endsWith('print(1)')).toBe(true);
    expect(oneLine.cut).toBe(true);
    // No half of a surrogate pair: the text is still well-formed.
    expect(oneLine.source.length).toBe(documentSampleLimits.characters - 1);
    expect(oneLine.source).toMatch(/^[^\uD800-\uDFFF]*(?:[\uD800-\uDBFF][\uDC00-\uDFFF][^\uD800-\uDFFF]*)*$/);
    expect(problemsOf('/long')).toEqual([
      `x-codeSamples[0] is 13499 characters, cut to ${documentSampleLimits.characters}`,
      `x-codeSamples[1] is 12006 characters, cut to ${documentSampleLimits.characters}`,
    ]);
  });

  test('labels are one line, and each says which sample it is where the document repeats one', () => {
    expect(samplesOf('/same-labels')?.map((sample) => sample.label)).toEqual([
      'List plants (bash)',
      'List plants (javascript)',
      'List plants (bash) 2',
      'curl',
      'Python SDK',
    ]);
  });

  test('a label longer than a tab holds is cut', () => {
    const long = { lang: 'Go', label: 'x'.repeat(500), source: 'go()' };
    const [sample] = readDocumentSamples(document, { 'x-codeSamples': [long] }).samples;
    expect(sample.label).toBe(`${'x'.repeat(documentSampleLimits.label - 1)}…`);
  });

  test('hostile text stays text: the highlighter’s language is one of the site’s names, never the document’s', () => {
    const hostile = (samplesOf('/provider') ?? [])[3];
    expect(hostile.prism).toBe('text');
    expect(hostile.label).toBe(hostileSample.label);
  });

  test('a callback or a webhook is a request the API sends: its samples are not read', () => {
    const subscribe = operationView(document, 'samples', getOperation(document, '/subscribe', 'post'));
    expect(subscribe.callbacks?.[0].operations[0].documentSamples).toBeUndefined();
    expect(webhookViews(document, 'samples')[0].operation.documentSamples).toBeUndefined();
  });

  test('the build log gets one line naming the first few problems and how many more', () => {
    const [notice, ...rest] = documentSampleNotices(document);
    expect(rest).toEqual([]);
    expect(notice).toMatch(/^11 of the document's own code samples \(x-codeSamples\) were skipped or cut /);
    expect(notice).toContain('GET /referenced: x-codeSamples[1] is not an object; GET /not-a-list: x-codeSamples');
    expect(notice).toMatch(/, and 8 more$/);
    expect(documentSampleNotices(codeSamplesDocumentWithout())).toEqual([]);
  });
});

/** The fixture with its malformed calls left out: nothing to say. */
function codeSamplesDocumentWithout(): JsonObject {
  const { paths, ...rest } = codeSamplesDocument();
  const kept = Object.fromEntries(
    Object.entries(paths as JsonObject).filter(([path]) => ['/provider', '/older', '/same-labels'].includes(path)),
  );
  return { ...rest, paths: kept };
}

describe('documentSamplePrism', () => {
  test.each([
    ['Shell', 'bash'],
    ['cURL', 'bash'],
    ['Shell + Curl', 'bash'],
    ['CLI', 'bash'],
    ['JavaScript', 'javascript'],
    ['Node.js', 'javascript'],
    ['NodeJs', 'javascript'],
    ['typescript_v2--nodejs', 'javascript'],
    ['Python + Python3', 'python'],
    ['Go', 'go'],
    ['C#', 'csharp'],
    ['Csharp + Restsharp', 'csharp'],
    ['Java + Unirest', 'java'],
    ['PHP', 'php'],
    ['Ruby', 'ruby'],
    ['Perl', 'perl'],
    ['Kotlin', 'clike'],
    ['Swift', 'clike'],
    ['C++', 'clike'],
    ['PowerShell', 'text'],
    ['', 'text'],
    ['constructor', 'text'],
    ['__proto__', 'text'],
    ['"><img src=x onerror=alert(1)>', 'text'],
  ])('%j is highlighted as %s', (lang, prism) => {
    expect(documentSamplePrism(lang)).toBe(prism);
  });
});

test("a real document's samples (PeerTube's, from the APIs.guru directory) are read whole, in its order", () => {
  const peertube = realDocuments.find((candidate) => candidate.slug === 'peertube');
  if (!peertube) throw new Error('the PeerTube document is one of the real documents');
  const real = JSON.parse(readFileSync(realDocumentPath(peertube), 'utf8')) as JsonObject;
  const views = operationViews(real, 'peertube').filter((view) => view.documentSamples);
  expect(views.map((view) => view.operationId)).toEqual([
    'getAccountVideos',
    'getOAuthClient',
    'getOAuthToken',
    'uploadLegacy',
  ]);
  const videos = views[0].documentSamples ?? [];
  expect(videos.map((sample) => [sample.label, sample.prism])).toEqual([
    ['JavaScript', 'javascript'],
    ['Shell', 'bash'],
    ['Ruby', 'ruby'],
    ['Python', 'python'],
  ]);
  expect(videos[1].source).toBe(
    '## DEPENDENCIES: jq\ncurl -s https://peertube2.cpy.re/api/v1/accounts/{name}/videos | jq',
  );
  expect(documentSampleNotices(real)).toEqual([]);
});
