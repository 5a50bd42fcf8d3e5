import { expect, test } from 'vitest';
import { decodeEntities, excerptParts } from './excerpt';

test('marked words become marked parts, the rest plain text', () => {
  expect(excerptParts('Slow down on <mark>429</mark> and retry.')).toEqual([
    { text: 'Slow down on ', marked: false },
    { text: '429', marked: true },
    { text: ' and retry.', marked: false },
  ]);
});

test('escaped markup from a hostile page is decoded to its letters, never turned into elements', () => {
  const parts = excerptParts('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <mark>click</mark> me');
  expect(parts[0]).toEqual({ text: '<img src=x onerror="alert(1)"> ', marked: false });
  // Markup that was not escaped stays text too: only <mark> and </mark> are read.
  expect(excerptParts('<b>bold</b>')).toEqual([{ text: '<b>bold</b>', marked: false }]);
});

test.each([
  ['&amp;lt;', '&lt;'],
  ['&#39;&#x27;', "''"],
  ['&unknown; &#0; &#xFFFFFFF;', '&unknown; &#0; &#xFFFFFFF;'],
])('decodeEntities(%j) is %j', (input, output) => {
  expect(decodeEntities(input)).toBe(output);
});
