import { describe, expect, test } from 'vitest';
import { validatePluginOptions } from './options';

const api = { id: 'data-v4', vendored: 'openapi/data-v4.yaml', urlVariable: 'DATA_API_SPEC_URL' };

describe('validatePluginOptions', () => {
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
    [{ apis: [api, api], staticDir: 'x' }, /listed twice/],
    [{ apis: [{ ...api, vendored: 'openapi/data.txt' }], staticDir: 'x' }, /vendored/],
    [{ apis: [{ ...api, urlVariable: 'data url' }], staticDir: 'x' }, /urlVariable/],
  ])('rejects %j', (options, message) => {
    expect(() => validatePluginOptions(options)).toThrow(message);
  });
});
