import { expect, test } from 'vitest';
import { headAndMain, pageParts } from './buildOutput';

const page = (main: string, after = '') =>
  `<!doctype html><html lang=en><head><title>T</title><script src=/assets/js/runtime~main.1.js></script></head>` +
  `<body><nav>navbar</nav><aside><ul class=menu__list><li>a sidebar item</ul></aside>${main}` +
  `<footer>footer</footer>${after}</body></html>`;

test('a page is cut to its head and its main: the navbar, the sidebar and the footer are left out', () => {
  const cut = headAndMain(page('<main class=docMainContainer><article><h1>Pets</h1><p>text</article></main>'));
  expect(cut).toBe(
    '<!doctype html><html lang=en><head><title>T</title><script src=/assets/js/runtime~main.1.js></script></head>' +
      '<body><main class=docMainContainer><article><h1>Pets</h1><p>text</article></main></body></html>',
  );
  // Cut twice, the same.
  expect(headAndMain(cut)).toBe(cut);
});

test('a tag written in text, in an attribute, a comment or a script does not move the cut', () => {
  // Text has its `<` escaped; the minifier writes an attribute's `<` as it is.
  const main =
    '<main><p>Write &lt;/main> or &lt;main> in a description.</p><img alt="</main>"><!-- </main> -->' +
    '<li data-field="</main><main>">x</li><p>After.</main>';
  const html = page(main, '<script>const tag = "<main>";</script>').replace(
    '<title>T</title>',
    '<title>T</title><meta name="description" content="Before </head>, a <main> tag"><script>"</head><main>"</script>',
  );
  const cut = headAndMain(html);
  expect(cut).toContain(`<body>${main}</body></html>`);
  expect(cut).toContain('content="Before </head>, a <main> tag"');
  expect(pageParts(html)?.headRead).toBe(
    '<!doctype html><html lang=en><head><title>T</title><meta name="description" content="Before </head>, a <main> tag">',
  );
});

test('a page without exactly one main, or whose main or head does not end, is left whole', () => {
  for (const html of [
    page('<div>no main here</div>'),
    page('<main>one</main><main>two</main>'),
    page('<main>never ends'),
    '<html><body><main>no head</main></body></html>',
    '<html><head><title>T</title><body><main>head never ends</main></body></html>',
  ]) {
    expect(headAndMain(html)).toBe(html);
  }
});
