import { describe, expect, test } from 'vitest';
import { foreignScripts, inlineScripts, scriptHash, siteScripts } from './inlineScripts';

const theme = `(function(){document.documentElement.setAttribute('data-theme','dark')})()`;
const banner = `document.addEventListener("DOMContentLoaded",function(){void 0===window.docusaurus&&insertBanner()})`;
const notFound = `<html><head><script type="application/ld+json">{"a":"b"}</script></head><body><script>${theme}</script></body></html>`;
const home = `<html><head><script>${banner}</script></head><body><script>${theme}</script></body></html>`;

describe('inlineScripts', () => {
  test('lists executable inline scripts only, hashed as CSP source expressions', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{"a":1}</script>' +
      '<script type="text/javascript">b()</script>';
    // sha256 of "a()" and "b()", base64, as `printf 'a()' | openssl dgst -sha256 -binary | base64` prints them.
    expect(inlineScripts(html).map((script) => script.hash)).toEqual([
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
      "'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='",
    ]);
  });
});

test('markup inside an attribute value is text, as a browser parses it', () => {
  const html = `<meta content='Championships </script><script>window.__hostile = true</script>'><script>a()</script>`;
  expect(inlineScripts(html).map((script) => script.text)).toEqual(['a()']);
});

describe('siteScripts', () => {
  test("reads the site's own scripts from the not-found and home pages, once each", () => {
    expect(siteScripts({ notFound, home }).map((script) => script.text)).toEqual([theme, banner]);
  });

  test('takes one redirect script per redirect page', () => {
    const redirect = (to: string) => `<script>window.location.href = '${to}' + window.location.search;</script>`;
    const pages = { notFound, home, a: redirect('/a'), b: redirect('/b') };
    expect(siteScripts(pages)).toHaveLength(4);
  });

  test('refuses a page with a script the site does not emit', () => {
    expect(() =>
      siteScripts({ notFound: notFound.replace('</body>', '<script>steal()</script></body>'), home }),
    ).toThrow(/notFound page holds an inline script the site does not emit: "steal\(\)"/);
  });

  test('refuses a build missing one of the known scripts, or with two versions of one', () => {
    expect(() => siteScripts({ notFound, home: notFound })).toThrow(
      /1 version\(s\) of the base-url-banner script, found 0/,
    );
    expect(() => siteScripts({ notFound, home: home.replace('dark', 'light') })).toThrow(
      /1 version\(s\) of the theme script, found 2/,
    );
  });
});

describe('foreignScripts', () => {
  const allowed = siteScripts({ notFound, home });

  test('a page with only the site scripts passes', () => {
    expect(foreignScripts([{ name: 'docs/index.html', html: notFound }], allowed)).toEqual([]);
  });

  test('a script that broke out of JSON-LD is named with its page, whatever its hash', () => {
    const html = notFound.replace(
      '{"a":"b"}',
      '{"name":"Championships </script><script>window.__hostile = true</script>',
    );
    expect(foreignScripts([{ name: 'docs/x/index.html', html }], allowed)).toEqual([
      'docs/x/index.html: "window.__hostile = true"',
    ]);
    expect(allowed.map((script) => script.hash)).not.toContain(scriptHash('window.__hostile = true'));
  });
});
