import { parse } from 'node-html-parser';
import { describe, expect, test } from 'vitest';
import { codeTheme } from '../../../config/codeTheme';
import { themeCss, tokensHtml } from './html';
import { tokenize } from './index';
import { registerSiteLanguages } from '../../../tests/fixtures/prismLanguages';
import { themeToDict, tokenStyle } from './tokens';

registerSiteLanguages();

const hostile = `{\n  "name": "<img src=x onerror=alert(1)>",\n  "q": "it's \\"&amp;\\"",\n\n  "n": 1\n}`;

describe('tokensHtml', () => {
  test('keeps the code: the text of the HTML is the code, character for character, empty lines included', () => {
    for (const [language, code] of [
      ['json', hostile],
      ['bash', 'curl -sS "$ARENA_URL/a?b=1&c=<2>" \\\n  -H \'x: y\'\n\n# done'],
      ['no-such-language', '<b>&</b>\n\nplain'],
    ]) {
      const html = tokensHtml(tokenize(code, language));
      expect(parse(`<div>${html}</div>`).querySelector('div')!.text).toBe(code);
    }
  });

  test('markup in the code stays text: no element but the token spans', () => {
    const root = parse(`<code>${tokensHtml(tokenize(hostile, 'json'))}</code>`);
    const tags = new Set(root.querySelectorAll('code *').map((element) => element.tagName));
    expect([...tags]).toEqual(['SPAN']);
    expect(root.querySelectorAll('img')).toHaveLength(0);
  });

  test('a token is one span with its types as classes; plain text and line breaks are not elements', () => {
    const html = tokensHtml(tokenize('{\n  "a": 1\n}', 'json'));
    expect(html).toBe(
      '<span class="token punctuation">{</span>\n  <span class="token property">&quot;a&quot;</span>' +
        '<span class="token operator">:</span> <span class="token number">1</span>\n<span class="token punctuation">}</span>',
    );
  });

  test('a type that is not a grammar name never reaches the class attribute', () => {
    const html = tokensHtml([[{ types: ['string', 'x" onmouseover="a', 'url'], content: 'v' }]]);
    expect(html).toBe('<span class="token string url">v</span>');
  });

  test("a token's text is escaped, so code from a document is shown and never interpreted", () => {
    expect(tokensHtml([[{ types: ['string'], content: `<a href="x">'&'</a>` }]])).toBe(
      '<span class="token string">&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;</span>',
    );
  });
});

describe('themeCss', () => {
  test('colours a token of each type of the theme as the theme colours it inline', () => {
    const css = themeCss(codeTheme, 'scope');
    const dict = themeToDict(codeTheme, 'json');
    const types = codeTheme.styles.flatMap((entry) => entry.types);
    expect(types.length).toBeGreaterThan(10);
    for (const type of types) {
      const inline = tokenStyle(dict, { types: [type], content: 'x' })!;
      // The last rule naming the type wins, as the last entry does in the inline merge.
      const rule = css
        .split('\n')
        .filter((line) => line.split('{')[0].split(',').includes(`.scope .token.${type}`))
        .at(-1);
      for (const [property, value] of Object.entries(inline)) {
        expect(rule, type).toContain(`${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(value)}`);
      }
    }
  });

  test('language-specific entries apply under their language only; unsafe values are left out', () => {
    const css = themeCss(
      {
        plain: {},
        styles: [
          { types: ['tag'], languages: ['markup'], style: { color: 'red' } },
          { types: ['x'], style: { color: 'red;} body{display:none' } },
        ],
      },
      'scope',
    );
    expect(css).toBe('.scope.language-markup .token.tag{color:red}');
  });
});
