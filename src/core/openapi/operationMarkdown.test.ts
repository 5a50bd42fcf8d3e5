import { describe, expect, test } from 'vitest';
import { getOperation } from './document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationView } from './view';
import { apiByKey } from '../../../config/apis';
import { trustedOrigins } from '../../build/hosts';
import { operationMarkdown } from './operationMarkdown';
import MarkdownIt from 'markdown-it';
import { codeSamplesDocument, hostileSample, providerSamples } from '../../../tests/fixtures/codeSamplesDocument';

const environment = (key: string) => ({
  credentialVariable: apiByKey(key).credential.variable,
  baseUrlVariable: apiByKey(key).baseUrlVariable,
  trustedOrigins: trustedOrigins(apiByKey(key)),
});

const data = readVendoredDocument('data');
const chat = readVendoredDocument('chat');

describe('operationMarkdown', () => {
  const view = operationView(data, 'data-v4', getOperation(data, '/players/{player_id}/history'));
  const markdown = operationMarkdown(view, environment('data'));

  test('has the method and path, and every parameter with its limits and default as the document states them', () => {
    expect(markdown).toContain('`GET /players/{player_id}/history`');
    for (const parameter of view.parameters) {
      const row = markdown.split('\n').find((line) => line.startsWith(`| \`${parameter.name}\` |`)) ?? '';
      expect(row).toContain(parameter.required ? '| yes |' : '| no |');
      if (parameter.maximum !== undefined) expect(row).toContain(`maximum ${parameter.maximum}`);
      if (parameter.default !== undefined) expect(row).toContain(`default ${JSON.stringify(parameter.default)}`);
    }
  });

  test('lists every response and ends with one curl sample', () => {
    for (const response of view.responses) expect(markdown).toContain(`### ${response.status}`);
    expect(markdown.match(/```bash\nbase_url=.*\ncurl /g)).toHaveLength(1);
    expect(markdown).toContain(`\${${environment('data').credentialVariable}:?`);
    expect(markdown).toContain(`\${${environment('data').baseUrlVariable}:-`);
  });

  test('a POST shows its body fields with their limits and an example', () => {
    const post = operationMarkdown(
      operationView(chat, 'chat-v1', getOperation(chat, '/rooms/{room_id}/messages', 'post')),
      environment('chat'),
    );
    expect(post).toContain('## Request body');
    expect(post).toMatch(/- `body` \(string, required; max length \d+\)/);
    // The form-encoded example travels as a form, not as a copy of the JSON.
    expect(post).toMatch(/`application\/x-www-form-urlencoded`:\n\n```text\nbody=[^\n{]+\n```/);
  });

  test('document text cannot close a code fence', () => {
    const hostile = {
      ...view,
      summary: 'x',
      responses: [
        {
          status: '200',
          description: 'ok',
          contents: [{ contentType: 'application/json', example: '```\n# injected' }],
        },
      ],
    };
    const text = operationMarkdown(hostile, environment('data'));
    expect(text).toContain('````json');
  });
});

test("a server off the API's hosts is not the twin's Server line, and is said to be elsewhere", () => {
  const view = operationView(data, 'data-v4', getOperation(data, '/games'));
  const markdown = operationMarkdown(
    {
      ...view,
      servers: [{ url: 'https://collector.example/v4', description: '' }, ...view.servers],
    },
    environment('data'),
  );
  expect(markdown).toContain(`Server: \`${view.servers[0].url}\``);
  expect(markdown).toContain("Also named by the document, on hosts that are not this API's");
  expect(markdown).toContain('`https://collector.example/v4`');
  expect(markdown).not.toContain("'https://collector.example");
});

test('a server with variables is its template in the twin, each variable with its default, values and description', () => {
  const view = operationView(data, 'data-v4', getOperation(data, '/games'));
  const markdown = operationMarkdown(
    {
      ...view,
      servers: [
        {
          url: 'https://open.arena.example/data/v4',
          description: '',
          template: 'https://open.arena.example/{version}',
          variables: [
            { name: 'version', default: 'data/v4', enum: ['data/v4', 'data/v5'], description: 'The *version* <b>' },
          ],
        },
      ],
    },
    environment('data'),
  );
  expect(markdown).toContain('Server: `https://open.arena.example/{version}`');
  expect(markdown).toContain(
    '- `version`: default `data/v4`, one of `data/v4`, `data/v5`. The \\*version\\* &lt;b&gt;',
  );
});

test("a relative server with no host is named as on the API's own host, and the base URL variable as where to set it", () => {
  const view = operationView(data, 'data-v4', getOperation(data, '/games'));
  const markdown = operationMarkdown({ ...view, servers: [], hostlessServers: ['/api/v2'] }, environment('data'));
  expect(markdown).toContain("Server: `/api/v2` on the API's own host: the document names no host");
  expect(markdown).toContain('`ARENA_DATA_API_URL`');
});

describe("the call's own samples from the document", () => {
  const samplesDocument = codeSamplesDocument();
  const twin = (path: string) =>
    operationMarkdown(
      operationView(samplesDocument, 'samples', getOperation(samplesDocument, path)),
      environment('data'),
    );
  const markdown = twin('/provider');
  // As any Markdown viewer reads the twin, raw HTML on: what it shows as code, and what as HTML.
  const reader = new MarkdownIt({ html: true });
  const fences = reader.parse(markdown, {}).filter((token) => token.type === 'fence');

  test("follow the portal's curl sample, each under its label, its source whole in a fence of its own", () => {
    expect(markdown).toMatch(/## Example request\n\n```bash\n[\s\S]*\n```\n\n## Samples from the API's document\n/);
    expect(markdown).toContain('this portal does not run or check them');
    for (const sample of [...providerSamples, hostileSample]) {
      expect(fences.some((fence) => fence.content === `${sample.source.trimEnd()}\n`)).toBe(true);
    }
    expect(markdown).toContain('### Python\n\n```python\n');
    expect(markdown).toContain('### Shell\n\n```bash\n');
    // No grammar of its own on the site: the fence names the language as the document does, when it is one word.
    expect(markdown).toContain('### Kotlin SDK\n\n```kotlin\n');
  });

  test('a source with fences and markup stays inside its own fence, and its name and lang are inert', () => {
    const hostile = fences.find((fence) => fence.content.startsWith('</code></pre>'));
    expect(hostile?.content).toBe(`${hostileSample.source}\n`);
    // Longer than the longest run of backticks in the source (six), so none of them closes it.
    expect(hostile?.markup).toBe('```````');
    // The document's lang is never the info string, which viewers write into a class name.
    expect(hostile?.info).toBe('text');
    const html = reader.render(markdown);
    expect(html).not.toMatch(/<script>|<img /);
    // The source's `# not a heading` is code; the label is an escaped heading.
    expect(reader.parse(markdown, {}).filter((token) => token.type === 'heading_open')).toHaveLength(
      // The title, Parameters, Responses, the status, Example request, the section and its four samples.
      10,
    );
    expect(markdown).toContain('### SDK &lt;img src=x onerror="window.\\_\\_hostile = true"&gt;');
  });

  test("a source's runs of blank lines are its own: kept, where the rest of the twin closes them up", () => {
    const view = operationView(samplesDocument, 'samples', getOperation(samplesDocument, '/older'));
    const source = 'import requests\n\n\n\n# provide your API token here';
    const spaced = operationMarkdown(
      { ...view, documentSamples: [{ label: 'Python', lang: 'Python', prism: 'python', source }] },
      environment('data'),
    );
    const [, ...code] = reader.parse(spaced, {}).filter((token) => token.type === 'fence');
    expect(code.map((token) => token.content)).toEqual([`${source}\n`]);
    expect(spaced.endsWith('# provide your API token here\n```\n')).toBe(true);
  });

  test('a cut source says so', () => {
    expect(twin('/long')).toContain("Cut at 10,000 characters: the whole sample is in the API's document.");
  });

  test('a call without samples of its own has no such section', () => {
    expect(twin('/not-a-list')).not.toContain('Samples from the API');
  });
});
