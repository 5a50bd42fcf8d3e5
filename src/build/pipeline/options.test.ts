import { describe, expect, test } from 'vitest';
import { validatePluginOptions } from './options';
import { dataPagesOptions } from '../../../tests/fixtures/pagesOptions';

const api = { id: 'data-v4', vendored: 'openapi/data-v4.yaml', urlVariable: 'DATA_API_SPEC_URL' };
const reference = {
  route: '/api/data',
  title: 'Data API reference',
  description: 'Every call.',
  overview: '/docs/data-api/data',
  runtimeSpecUrl: '/openapi/data-v4.json',
};

// The site's own page options (tests/fixtures/pagesOptions.ts), with a sidebar file: each case below breaks one field.
const pages = { ...dataPagesOptions, sidebarFile: 'sidebars/data.json' };

describe('validatePluginOptions', () => {
  test('accepts a reference page with a runtime document', () => {
    const options = { apis: [{ ...api, reference }], staticDir: 'x' };
    expect(validatePluginOptions(options)).toEqual(options);
  });

  test('accepts well-formed options', () => {
    expect(validatePluginOptions({ apis: [api], staticDir: '.generated/static' })).toEqual({
      apis: [api],
      staticDir: '.generated/static',
    });
  });

  test.each([
    [null, /expected an object/],
    [{ apis: [api] }, /staticDir/],
    [{ apis: [], staticDir: 'x' }, /at least one API/],
    [{ apis: [{ ...api, id: 'Data API' }], staticDir: 'x' }, /kebab-case/],
    [{ apis: [api, api], staticDir: 'x' }, /"apis\[1\]" has the same id as apis\[0\]/],
    [{ apis: [{ ...api, vendored: 'openapi/data.txt' }], staticDir: 'x' }, /vendored/],
    [{ apis: [{ ...api, urlVariable: 'data url' }], staticDir: 'x' }, /urlVariable/],
    [{ apis: [{ ...api, reference: { ...reference, route: 'api/data' } }], staticDir: 'x' }, /reference.route/],
    [{ apis: [{ ...api, reference: { ...reference, title: '' } }], staticDir: 'x' }, /reference.title/],
    [
      { apis: [{ ...api, reference: { ...reference, runtimeSpecUrl: 'javascript:alert(1)' } }], staticDir: 'x' },
      /runtimeSpecUrl/,
    ],
    [
      {
        apis: [
          { ...api, reference },
          { ...api, id: 'chat-v1', reference },
        ],
        staticDir: 'x',
      },
      /"apis\[1\]" has the same reference.route as apis\[0\]/,
    ],
    [{ apis: [{ ...api, pages: { ...pages, slugBase: 'data-api' } }], staticDir: 'x' }, /pages.slugBase" must start/],
    [
      { apis: [{ ...api, pages: { ...pages, mockUrl: 'file:///x' } }], staticDir: 'x' },
      /pages.mockUrl" must be an http/,
    ],
    [{ apis: [{ ...api, pages: { ...pages, sidebarFile: '' } }], staticDir: 'x' }, /pages.sidebarFile" is not allowed/],
    [
      { apis: [{ ...api, pages: { ...pages, signInOrigins: ['open.arena.example'] } }], staticDir: 'x' },
      /pages.signInOrigins\[0\]" must be an origin/,
    ],
    [
      { apis: [{ ...api, pages: { ...pages, signInOrigins: ['https://open.arena.example/oauth'] } }], staticDir: 'x' },
      /pages.signInOrigins\[0\]" must be an origin/,
    ],
    [{ apis: [api], staticDir: 'x', changelog: { route: 'changelog' } }, /`changelog` needs a route starting/],
    [
      { apis: [{ ...api, unusedSchemas: { pattern: '(', what: 'x' } }], staticDir: 'x' },
      /unusedSchemas.pattern" must be a regular/,
    ],
  ])('rejects %j', (options, message) => {
    expect(() => validatePluginOptions(options)).toThrow(message);
  });
});
