import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../../lib/openapi/document';
import {
  containerEngineSchemaPattern,
  dropContainerEngineSchemas,
  isSafeUrl,
  sanitizeDocument,
  sanitizeMarkdown,
} from './normalize';

describe('containerEngineSchemaPattern', () => {
  test.each(['Volume', 'VolumeCreateOptions', 'Plugin', 'PluginMount', 'SwarmSpec', 'ImageSummary', 'ContainerState'])(
    'matches the container-engine schema %s',
    (name) => expect(containerEngineSchemaPattern.test(name)).toBe(true),
  );
  test.each(['Championship', 'Player', 'Images', 'Volumetric', 'TeamStats'])('leaves %s alone', (name) =>
    expect(containerEngineSchemaPattern.test(name)).toBe(false),
  );
});

describe('dropContainerEngineSchemas', () => {
  const document: JsonObject = {
    openapi: '3.1.0',
    paths: {
      '/a': {
        get: {
          responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Game' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Game: { type: 'object', properties: { image: { $ref: '#/components/schemas/ImageRef' } } },
        ImageRef: { type: 'string' },
        ImageSummary: { type: 'object' },
        Volume: { type: 'object', properties: { spec: { $ref: '#/components/schemas/SwarmSpec' } } },
        SwarmSpec: { type: 'object' },
        Item: { type: 'object' },
      },
    },
  };

  test('drops unreferenced container-engine schemas and keeps referenced ones and product schemas', () => {
    const { document: result, dropped } = dropContainerEngineSchemas(document);
    expect(dropped.sort()).toEqual(['ImageSummary', 'SwarmSpec', 'Volume']);
    expect(Object.keys((result.components as JsonObject).schemas as JsonObject)).toEqual(['Game', 'ImageRef', 'Item']);
  });

  test('leaves a document without components as it is', () => {
    expect(dropContainerEngineSchemas({ openapi: '3.1.0' })).toEqual({ document: { openapi: '3.1.0' }, dropped: [] });
  });
});

describe('isSafeUrl', () => {
  test.each(['https://a.example', 'http://a.example/x', 'mailto:a@b.example', '/docs', './x', '#top', 'page'])(
    'accepts %j',
    (url) => expect(isSafeUrl(url)).toBe(true),
  );
  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:x',
    'java\tscript:x',
    'jav&#97;script:x',
    'jav&#x61;script:x',
    'data:text/html,x',
    'vbscript:x',
  ])('rejects %j', (url) => expect(isSafeUrl(url)).toBe(false));
});

describe('sanitizeMarkdown', () => {
  test.each([
    ['<script>alert(1)</script>', '&lt;script>alert(1)&lt;/script>'],
    ['<img src=x onerror="alert(1)">', '&lt;img src=x onerror="alert(1)">'],
    ['[click](javascript:alert(1))', '[click](#)'],
    ['[click](<javascript:alert(1)>)', '[click](#)'],
    ['![img](jav&#97;script:alert(1))', '![img](#)'],
    ['[docs](https://a.example "title")', '[docs](https://a.example "title")'],
    ['[x](javascript:a((1)))', '[x](#((1)))'],
    ['[x][r]\n\n[r]: javascript:alert(1)', '[x][r]\n\n[r]: #'],
    ['[ok](./page.md#part)', '[ok](./page.md#part)'],
    ['send `Bearer <api key>` not <b>', 'send `Bearer <api key>` not &lt;b>'],
    ['```html\n<script>shown</script>\n```\n<i>', '```html\n<script>shown</script>\n```\n&lt;i>'],
    ['`limit` is **at most** 100\n\n> note', '`limit` is **at most** 100\n\n> note'],
  ])('turns %j into %j', (input, expected) => {
    expect(sanitizeMarkdown(input)).toBe(expected);
  });
});

describe('sanitizeDocument', () => {
  test('sanitizes prose fields and unsafe URLs but leaves examples, defaults and property names alone', () => {
    const { document, changed } = sanitizeDocument({
      info: { title: 'T<b>', description: '<script>x</script>', contact: { url: 'javascript:alert(1)' } },
      components: {
        schemas: {
          S: {
            description: '[x](javascript:y)',
            properties: { description: { type: 'string', description: '<i>' }, example: { type: 'string' } },
            example: { description: '<script>kept as data</script>' },
          },
        },
        examples: { E: { summary: '<b>', value: { body: '<script>data</script>' } } },
      },
    });
    expect(document).toEqual({
      info: { title: 'T&lt;b>', description: '&lt;script>x&lt;/script>', contact: { url: '#' } },
      components: {
        schemas: {
          S: {
            description: '[x](#)',
            properties: { description: { type: 'string', description: '&lt;i>' }, example: { type: 'string' } },
            example: { description: '<script>kept as data</script>' },
          },
        },
        examples: { E: { summary: '&lt;b>', value: { body: '<script>data</script>' } } },
      },
    });
    expect(changed).toBe(6);
  });
});
