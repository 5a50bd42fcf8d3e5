import path from 'node:path';
import { expect, test } from 'vitest';
import { generatedAlias } from './generatedAlias';

const dir = path.resolve('/site/.docusaurus');

test('a generated module is named by its alias', () => {
  expect(generatedAlias(dir, path.join(dir, 'openapi-source/default/data-v4.json'))).toBe(
    '@generated/openapi-source/default/data-v4.json',
  );
});

test('a file outside the generated folder is refused', () => {
  expect(() => generatedAlias(dir, path.resolve('/site/docs/x.json'))).toThrow(/is not inside/);
});
