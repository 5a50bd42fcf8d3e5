import { expect, test } from 'vitest';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fragmentFile, parseFragment } from './readIndex';

test("a fragment is read back as Pagefind wrote it: signature, then the page's JSON", () => {
  const page = { url: '/docs/x', content: 'Text.', meta: { title: 'X' }, filters: { section: ['Guides'] } };
  expect(parseFragment(gzipSync(`pagefind_dcd${JSON.stringify(page)}`))).toEqual(page);
  expect(() => parseFragment(gzipSync('{}'))).toThrow('not a Pagefind fragment');
});

test('a fragment written back reads as the page given, and as Pagefind writes one', () => {
  const page = { url: '/docs/x', content: 'Text, «quoted».', meta: { title: 'X' }, filters: {}, anchors: [] };
  const file = fragmentFile(page);
  expect(parseFragment(file)).toEqual(page);
  expect(gunzipSync(file).toString('utf8').startsWith('pagefind_dcd{')).toBe(true);
});
