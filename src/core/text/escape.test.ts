import { describe, expect, test } from 'vitest';
import { htmlText, terminalText, xmlChars, xmlText } from './escape';

describe('htmlText', () => {
  test('escapes the five characters that matter in text and in either quoted attribute', () => {
    expect(htmlText(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('xmlChars', () => {
  test('leaves out what XML 1.0 forbids and escapes nothing, for a writer that escapes itself', () => {
    expect(xmlChars('a\u0001<b>\uFFFE\uD800&')).toBe('a<b>&');
  });
});

describe('xmlText', () => {
  test.each([
    ['a & b < c > "d" \'e\'', 'a &amp; b &lt; c &gt; &quot;d&quot; &#39;e&#39;'],
    ['bell\u0007 nul\u0000 esc\u001b vt\u000b', 'bell nul esc vt'],
    ['tab\t lf\n cr\r', 'tab\t lf\n cr\r'],
    ['lone \ud800 surrogate, pair 😀', 'lone  surrogate, pair 😀'],
    ['\ufffe\uffff', ''],
  ])('%j becomes %j', (input, output) => {
    expect(xmlText(input)).toBe(output);
  });
});

describe('terminalText', () => {
  test('shows control characters instead of sending them, and keeps lines and tabs', () => {
    expect(terminalText('name\u001b[2J\u001b]0;title\u0007\u009b, next\tline\n')).toBe(
      'name\\u{1b}[2J\\u{1b}]0;title\\u{7}\\u{9b}, next\tline\n',
    );
  });
});
