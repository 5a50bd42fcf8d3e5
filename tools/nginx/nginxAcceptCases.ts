/**
 * Accept headers and whether the production nginx config answers a page's Markdown twin to them (the
 * `$markdown_accepted` map of deploy/nginx/portal.conf.template), shared by the unit test of the map's regex and the
 * test against real nginx. The rule: the twin only to a client that lists `text/markdown` itself with a weight above
 * zero. `q=0` is "not acceptable" (RFC 9110 §12.4.2), in any case and with any number of zero decimals. A client
 * that lists Markdown at all is an agent (browsers never do), so a lower weight than HTML's still gets the twin; the
 * weights are not compared. Wildcards (`text/*`, `*\/*`) stand for HTML.
 */
export const markdownAcceptCases: readonly [accept: string, markdown: boolean][] = [
  ['text/markdown', true],
  ['TEXT/MARKDOWN', true],
  ['text/markdown, text/plain;q=0.5', true],
  ['text/html, text/markdown', true],
  ['text/markdown;charset=utf-8', true],
  ['text/markdown;q=1', true],
  ['text/markdown;q=0.001', true],
  ['text/markdown; q=0.5', true],
  ['text/markdown;q=0.5, text/html;q=0.9', true],
  ['text/markdown;q=0, text/markdown', true],
  ['text/markdown;q=0', false],
  ['text/markdown;q=0, text/html', false],
  ['text/markdown; q=0.0', false],
  ['text/markdown;q=0.000', false],
  ['text/markdown ; q=0.', false],
  ['TEXT/MARKDOWN;Q=0', false],
  ['text/markdown;charset=utf-8;q=0', false],
  ['text/markdown;q=0;charset=utf-8', false],
  ['text/html, text/markdown;q=0', false],
  ['text/html,text/markdown;q=0.0,*/*;q=0.8', false],
  ['text/html', false],
  ['text/*', false],
  ['*/*', false],
  ['text/markdownish', false],
  ['text/x-markdown', false],
  ['', false],
];
