import { expect, test } from 'vitest';
import { gzipSync } from 'node:zlib';
import { parseFragment } from './readIndex';

test("a fragment is read back as Pagefind wrote it: signature, then the page's JSON", () => {
  const page = { url: '/docs/x', content: 'Text.', meta: { title: 'X' }, filters: { section: ['Guides'] } };
  expect(parseFragment(gzipSync(`pagefind_dcd${JSON.stringify(page)}`))).toEqual(page);
  expect(() => parseFragment(gzipSync('{}'))).toThrow('not a Pagefind fragment');
});
