import { describe, expect, test } from 'vitest';
import { twinPath } from '../../core/markdownTwin';
import { llmsFullTxt, llmsSectionFiles, llmsTxt, type ExportPage } from './llms';

const site = { title: 'Arena Developers', summary: 'Guides and\nreferences.', url: 'https://developers.example' };
const pages: ExportPage[] = [
  {
    route: '/docs/webhooks',
    title: 'Webhooks',
    description: 'Receive events.',
    section: 'Guides',
    markdown: '# Webhooks\n\nText.',
  },
  {
    route: '/docs/data-api/get-games',
    title: 'List games',
    description: '',
    section: 'Data API',
    markdown: '# List games',
  },
];

test.each([
  ['/docs/webhooks', '/docs/webhooks.md'],
  ['/docs/', '/docs.md'],
  [
    '/getting-started/partner-integration-guide/account-linkage/',
    '/getting-started/partner-integration-guide/account-linkage.md',
  ],
  ['/', '/index.md'],
])('the twin of %s is %s', (route, twin) => expect(twinPath(route)).toBe(twin));

describe('llmsTxt', () => {
  test('has the title, a one-line summary and a linked section per kind of page', () => {
    expect(llmsTxt(site, pages, ['Guides', 'Data API', 'Empty'])).toBe(
      [
        '# Arena Developers',
        '',
        '> Guides and references.',
        '',
        'Every page below is linked as Markdown. The full text of all pages and every API operation is in',
        '[llms-full.txt](https://developers.example/llms-full.txt).',
        '',
        '## Guides',
        '',
        '- [Webhooks](https://developers.example/docs/webhooks.md): Receive events.',
        '',
        '## Data API',
        '',
        '- [List games](https://developers.example/docs/data-api/get-games.md)',
        '',
      ].join('\n'),
    );
  });
});

describe('a section past what llms.txt lists itself', () => {
  const calls: ExportPage[] = Array.from({ length: 301 }, (_, index) => ({
    route: `/docs/graph/call-${index}`,
    title: `Call ${index}`,
    description: index === 0 ? 'The *first* one.' : '',
    section: 'Microsoft Graph calls',
    markdown: `# Call ${index}`,
  }));
  const all = [...pages, ...calls];
  const sections = ['Guides', 'Microsoft Graph calls'];

  test('links to a file of its own that lists every page; the other sections list theirs', () => {
    const text = llmsTxt(site, all, sections);
    expect(text).toContain(
      '## Microsoft Graph calls\n\n301 pages, listed in [llms/microsoft-graph-calls.txt](https://developers.example/llms/microsoft-graph-calls.txt).\n',
    );
    expect(text).not.toContain('Call 0');
    expect(text).toContain('- [Webhooks](https://developers.example/docs/webhooks.md): Receive events.');
    const files = llmsSectionFiles(site, all, sections);
    expect(files.map((file) => file.name)).toEqual(['llms/microsoft-graph-calls.txt']);
    const lines = files[0].content.split('\n');
    expect(lines[0]).toBe('# Arena Developers: Microsoft Graph calls');
    expect(lines.filter((line) => line.startsWith('- ['))).toHaveLength(301);
    expect(lines).toContain('- [Call 0](https://developers.example/docs/graph/call-0.md): The \\*first\\* one.');
  });

  test('300 pages are listed in llms.txt itself, and no file is written', () => {
    const text = llmsTxt(site, all.slice(0, -1), sections);
    expect(text.match(/^- \[Call /gm)).toHaveLength(300);
    expect(llmsSectionFiles(site, all.slice(0, -1), sections)).toEqual([]);
  });

  test("a section named by a document's title makes a plain file name", () => {
    const hostile = calls.map((page) => ({ ...page, section: '../../etc/<b>Graph</b> calls' }));
    const [file] = llmsSectionFiles(site, hostile, ['../../etc/<b>Graph</b> calls']);
    expect(file?.name).toBe('llms/etc-b-graph-b-calls.txt');
  });

  test('a 300-character title makes a name of at most 100 characters, and two sections never share a file', () => {
    const long = `${'Graph '.repeat(50)}calls`;
    const twins = ['Graph v1.0 calls', 'Graph v1-0 calls', '漢字 calls', 'かな calls'];
    const named = [long, ...twins];
    const many = named.flatMap((section) => calls.map((page) => ({ ...page, section })));
    const names = llmsSectionFiles(site, many, named).map((file) => file.name);
    expect(names[0]).toBe(`llms/${'graph-'.repeat(16)}grap.txt`);
    expect(names.slice(1)).toEqual([
      'llms/graph-v1-0-calls.txt',
      'llms/graph-v1-0-calls-2.txt',
      'llms/calls.txt',
      'llms/calls-2.txt',
    ]);
    // llms.txt links each section to its own file.
    const text = llmsTxt(site, many, named);
    for (const name of names) expect(text).toContain(`](https://developers.example/${name})`);
  });
});

test('llmsFullTxt concatenates every page under its source URL', () => {
  const full = llmsFullTxt(site, pages);
  expect(full).toContain('Source: https://developers.example/docs/webhooks\n\n# Webhooks\n\nText.');
  expect(full.match(/^Source: /gm)).toHaveLength(2);
});

test('page titles and descriptions become Markdown text, never live HTML', () => {
  const hostile: ExportPage = {
    route: '/x',
    title: 'A <script>alert(1)</script>',
    description: 'B <img src=x onerror=y>',
    section: 'Guides',
    markdown: '# x',
  };
  const text = llmsTxt(site, [hostile], ['Guides']);
  expect(text).toContain(
    '- [A &lt;script&gt;alert(1)&lt;/script&gt;](https://developers.example/x.md): B &lt;img src=x onerror=y&gt;',
  );
});

test('llms.txt tells assistants where the API catalog is and how each API takes its credential', () => {
  const text = llmsTxt(
    site,
    pages,
    ['Guides'],
    [
      {
        name: 'Data API',
        overview: '/docs/data-api/data',
        credentialVariable: 'ARENA_API_KEY',
        baseUrlVariable: 'ARENA_DATA_API_URL',
      },
    ],
  );
  const section = text.slice(text.indexOf('## For AI assistants'), text.indexOf('## Guides'));
  expect(section).toContain('[API catalog](https://developers.example/.well-known/api-catalog)');
  expect(section).toContain(
    '- Data API: read the credential from `ARENA_API_KEY` and the base URL from `ARENA_DATA_API_URL`',
  );
  expect(section).toContain('[overview](https://developers.example/docs/data-api/data.md)');
});
