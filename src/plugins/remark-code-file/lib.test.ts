import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { codeFileOf, inlineCodeFiles, type CodeNode } from './lib';

const page = path.resolve('/site/guides/page.mdx');
const files: Record<string, string> = { [path.resolve('/site/guides/samples/a.sh')]: 'curl x\n' };
const read = (file: string) => {
  if (!(file in files)) throw new Error('ENOENT');
  return files[file];
};

function tree(meta: string): { children: CodeNode[] } {
  return { children: [{ type: 'code', lang: 'bash', meta, value: '' }] };
}

describe('inlineCodeFiles', () => {
  test('fills a block from the file it names and keeps the rest of its meta', () => {
    const root = tree('title="First request" file=./samples/a.sh');
    expect(inlineCodeFiles(root, page, read)).toEqual([path.resolve('/site/guides/samples/a.sh')]);
    expect(root.children[0]).toEqual({ type: 'code', lang: 'bash', meta: 'title="First request"', value: 'curl x' });
  });

  test('a missing file fails loudly', () => {
    expect(() => inlineCodeFiles(tree('file=./samples/missing.sh'), page, read)).toThrow(/cannot read/);
  });

  test('a file outside the page folder is refused', () => {
    expect(() => inlineCodeFiles(tree('file=../../etc/passwd'), page, read)).toThrow(/outside the page's folder/);
  });

  test('blocks without a file are left alone', () => {
    const root = tree('title="x"');
    expect(inlineCodeFiles(root, page, read)).toEqual([]);
    expect(root.children[0].value).toBe('');
  });
});

test('codeFileOf reads the file attribute', () => {
  expect(codeFileOf('file=./a.py title="x"')).toBe('./a.py');
  expect(codeFileOf(null)).toBeUndefined();
});
