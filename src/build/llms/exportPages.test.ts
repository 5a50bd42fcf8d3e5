import { expect, test } from 'vitest';
import { codeSamplesDocument, providerSamples } from '../../../tests/fixtures/codeSamplesDocument';
import { demoteHeadings, exportPages, type ExportApi } from './exportPages';

test.each([
  ['# Title\n\n## Part', '## Title\n\n### Part'],
  ['```bash\n# a comment\n```\n# After', '```bash\n# a comment\n```\n## After'],
  // A fence ends only at a run of its own character at least as long: a shorter one inside is code.
  ['````\n```\n# code\n````\n# After', '````\n```\n# code\n````\n## After'],
  ['~~~\n# code\n```\n# code\n~~~\n# After', '~~~\n# code\n```\n# code\n~~~\n## After'],
  ['  ```\n# code\n  ```\n#After', '  ```\n# code\n  ```\n##After'],
])('headings go one level down, lines of code do not: %j', (markdown, demoted) => {
  expect(demoteHeadings(markdown)).toBe(demoted);
});

test("the single-page reference's twin holds every call's own samples as the call's twin does, comments and all", () => {
  const api: ExportApi = {
    id: 'samples',
    name: 'Samples API',
    linkBase: '/docs/samples-api',
    reference: '/api/samples',
    overview: '/docs/samples-api/samples',
    credentialVariable: 'SAMPLES_KEY',
    baseUrlVariable: 'SAMPLES_URL',
    trustedOrigins: ['https://open.arena.example'],
  };
  const pages = exportPages(
    ['/api/samples', '/docs/samples-api/provider'],
    [{ api, document: codeSamplesDocument() }],
    () => '',
  );
  const reference = pages.find((page) => page.route === '/api/samples')?.markdown ?? '';
  const call = pages.find((page) => page.route === '/docs/samples-api/provider')?.markdown ?? '';
  expect(call).toContain(`### Python\n\n\`\`\`python\n${providerSamples[0].source}`);
  // One level down on the reference, the call's title under the page's; the Python comment stays one.
  expect(reference).toContain(`#### Python\n\n\`\`\`python\n${providerSamples[0].source}`);
  expect(reference).toContain('# Every championship, newest first\n');
  expect(reference).not.toContain('## Every championship');
  expect(reference).toContain("\n### Samples from the API's document\n");
});
