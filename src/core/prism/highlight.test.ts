import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Highlight as OriginalHighlight, normalizeTokens as originalNormalizeTokens } from 'prism-react-renderer';
import { describe, expect, test } from 'vitest';
import { codeTheme } from '../../../config/codeTheme';
import { Highlight, Prism, normalizeTokens } from './index';
import { registerSiteLanguages } from '../../../tests/fixtures/prismLanguages';
import { themeToDict, tokenStyle } from './tokens';

registerSiteLanguages();
await import('../../components/ApiOperation/grammars');

const snippets: Record<string, string> = {
  bash: 'curl -sS "$ARENA_URL/players?nickname=ada" \\\n  -H "Authorization: Bearer ${ARENA_API_KEY}"\n\necho done # comment',
  javascript: "const res = await fetch(`${base}/players/${id}`, { headers });\nif (!res.ok) throw new Error('no');\n\n",
  python: 'import os\nresp = requests.get(f"{BASE}/players", params={"limit": 20})\nprint(resp.json()["items"])',
  go: 'req, _ := http.NewRequest("GET", url, nil)\nreq.Header.Set("Authorization", "Bearer "+key)',
  csharp: 'var client = new HttpClient();\nclient.DefaultRequestHeaders.Add("Authorization", $"Bearer {key}");',
  java: 'HttpRequest request = HttpRequest.newBuilder(uri)\n    .header("Accept", "application/json") // comment\n    .build();',
  php: "<?php\n$url = $baseUrl . '/players?' . http_build_query(['limit' => 20]);\necho $body, \"\\n\";",
  ruby: 'uri = URI(base_url + \'/players\')\nabort "HTTP #{response.code}" unless response.is_a?(Net::HTTPSuccess)',
  perl: 'my $http = HTTP::Tiny->new(timeout => 30);\ndie "HTTP $response->{status}\\n" unless $response->{success};',
  json: '{\n  "items": [{ "player_id": "a1", "elo": 2014, "verified": true, "note": null }]\n}',
  markup: '<div class="x">\n  <script>const a = 1;</script>\n</div>',
  http: 'GET /data/v4/players HTTP/1.1\nAuthorization: Bearer KEY\nAccept: application/json\n\n{"a": 1}',
  text: 'plain words\n\nafter an empty line',
};

function render(component: typeof Highlight, language: string, code: string): string {
  return renderToStaticMarkup(
    createElement(component, {
      code,
      language,
      theme: codeTheme,
      prism: Prism,
      children: ({ className, style, tokens, getLineProps, getTokenProps }) =>
        createElement(
          'pre',
          { className, style },
          tokens.map((line, i) =>
            createElement(
              'span',
              { key: i, ...getLineProps({ line, className: 'extra' }) },
              line.map((token, j) =>
                createElement('span', {
                  key: j,
                  ...getTokenProps({ token, style: j === 0 ? { fontWeight: 'bold' } : undefined }),
                }),
              ),
            ),
          ),
        ),
    }),
  );
}

describe('the site highlighter', () => {
  test.each(Object.entries(snippets))('renders %s exactly as prism-react-renderer does', (language, code) => {
    const ours = render(Highlight, language, code);
    expect(ours).toBe(render(OriginalHighlight as unknown as typeof Highlight, language, code));
    if (language !== 'text') expect(ours).toMatch(/class="token [a-z-]+/);
  });

  test.each(Object.entries(snippets))('flattens %s tokens into the same lines', (language, code) => {
    const grammar = Prism.languages[language];
    const stream = grammar ? Prism.tokenize(code, grammar) : [code];
    expect(normalizeTokens(stream)).toEqual(originalNormalizeTokens(stream));
  });

  test('an unknown language renders as plain lines, one per source line', () => {
    const html = render(Highlight, 'no-such-language', 'a\nb');
    expect(html).toContain('language-no-such-language');
    expect(html.match(/token-line/g)).toHaveLength(2);
    expect(html).not.toMatch(/token keyword/);
  });

  test('a language-scoped theme entry applies to that language only', () => {
    const theme = {
      plain: { color: '#fff', backgroundColor: '#000' },
      styles: [
        { types: ['keyword'], style: { color: '#111' } },
        { types: ['keyword'], style: { color: '#222' }, languages: ['go'] },
      ],
    };
    expect(themeToDict(theme, 'go').keyword).toEqual({ color: '#222' });
    expect(themeToDict(theme, 'python').keyword).toEqual({ color: '#111' });
    expect(themeToDict(theme, 'go').plain).toEqual({ color: '#fff', backgroundColor: undefined });
    const dict = themeToDict(theme, 'go');
    expect(tokenStyle(dict, { types: ['plain'], content: '\n', empty: true })).toEqual({ display: 'inline-block' });
    expect(tokenStyle(dict, { types: ['plain'], content: 'x' })).toBeUndefined();
  });
});
