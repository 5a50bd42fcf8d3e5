import { describe, expect, test } from 'vitest';
import { toRedocDocument } from './safeDocument';

const hostile = '<script>window.__hostile = true</script>';

describe('toRedocDocument', () => {
  const document = {
    openapi: '3.1.0',
    info: {
      title: `API ${hostile}`,
      description: `Intro ${hostile} [a [b](https://ok.example)](javascript:alert(1)) [r]\n\n[r]: javascript:alert(1)`,
      contact: { url: 'javascript:alert(1)' },
      license: { name: 'MIT', url: 'https://license.example/mit' },
      'x-logo': { url: 'https://cdn.example/logo.png' },
    },
    paths: {
      '/a': {
        get: {
          'x-summary': hostile,
          summary: `Get ${hostile}`,
          parameters: [
            {
              name: 'kind',
              in: 'query',
              schema: { type: 'string', enum: ['<b>'], 'x-enumDescriptions': { '<b>': hostile } },
              example: hostile,
            },
          ],
          responses: { '200': { description: `OK **bold** ${hostile}` } },
        },
      },
    },
    components: { schemas: { 'x-named': { type: 'object', properties: { description: { type: 'string' } } } } },
  };
  const safe = toRedocDocument(document);
  const json = JSON.stringify(safe);

  test('descriptions reach Redoc as Markdown that renders as the text it says', () => {
    expect(safe.info.description).toContain('&lt;script&gt;');
    // An escaped bracket (`\]`) is text; only a bare one could open a link or a definition.
    expect(safe.info.description).not.toMatch(/<script|(?<!\\)\](\(|:)\s*javascript/i);
    expect(safe.paths['/a'].get.responses['200'].description).toBe(
      'OK **bold** &lt;script&gt;window.\\_\\_hostile = true&lt;/script&gt;',
    );
  });

  test('extension fields are dropped, names chosen by the author are kept', () => {
    expect(json).not.toMatch(/"x-(summary|enumDescriptions|logo)"/);
    expect(Object.keys(safe.components.schemas)).toEqual(['x-named']);
    expect(Object.keys(safe.components.schemas['x-named'].properties)).toEqual(['description']);
  });

  test('links keep a safe URL or go; data and plain text stay as written', () => {
    expect(safe.info.contact).toEqual({});
    expect(safe.info.license.url).toBe('https://license.example/mit');
    expect(safe.paths['/a'].get.summary).toBe(document.paths['/a'].get.summary);
    expect(safe.paths['/a'].get.parameters[0].example).toBe(hostile);
    expect(safe.paths['/a'].get.parameters[0].schema.enum).toEqual(['<b>']);
  });

  test('a document of plain Markdown keeps its meaning', () => {
    const plain = toRedocDocument({ info: { description: 'Use `limit` and [the guide](/docs/).' } });
    expect(plain.info.description).toBe('Use `limit` and [the guide](/docs/).');
  });
});
