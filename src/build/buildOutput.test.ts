import { expect, test } from 'vitest';
import { headAndMain } from './buildOutput';

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

test('text that reads like a main tag is escaped in a page, so it does not end the cut', () => {
  const html = page('<main><p>Write &lt;/main> or &lt;main> in a description.</p><p>After.</main>');
  expect(headAndMain(html)).toContain('<p>After.</main></body></html>');
});

test('a page without exactly one main, or whose main does not end, is left whole', () => {
  for (const html of [
    page('<div>no main here</div>'),
    page('<main>one</main><main>two</main>'),
    page('<main>never ends'),
    page('<main>x</main>', '<script>const tag = "<main>";</script>'),
    '<html><body><main>no head</main></body></html>',
    `<html><head><script>"<main "</script></head><body><main>late</main></body></html>`,
  ]) {
    expect(headAndMain(html)).toBe(html);
  }
});
