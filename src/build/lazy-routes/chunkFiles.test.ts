import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { chunkFilesPlaceholder, moveChunkFiles, type ChunkFiles } from './chunkFiles';

/** The two functions as rspack 1.7 writes them into `runtime~main` before minification (Docusaurus 3.10), trailing commas included. */
const runtime = `var __webpack_require__ = {};
__webpack_require__.p = "/";
(() => {
// This function allow to reference chunks
__webpack_require__.u = (chunkId) => {
  // return url for filenames not based on template
  
  // return url for filenames based on template
  return "assets/js/" + ({"17": "guide0001","1749": "lazy-route-table-0","203": "page0001","204": "page0002",}[chunkId] || chunkId) + "." + {"17": "aaaaaaaa","1749": "bbbbbbbb","203": "cccccccc","204": "dddddddd","55": "eeeeeeee",}[chunkId] + ".js"
}
})();
__webpack_require__.gca = function(chunkId) { chunkId = {"guide0001":"17","lazy-route-table-0":"1749","page0001":"203","page0002":"204"}[chunkId]||chunkId; return __webpack_require__.p + __webpack_require__.u(chunkId); };
`;

const table = (index: number) =>
  `"use strict";\nregisterChunkFiles(${JSON.stringify(chunkFilesPlaceholder(index))});\n`;

/** Runs a runtime's text; returns its two functions. */
function functionsOf(text: string) {
  const context: { __webpack_require__?: { u: (id: string) => string; gca: (name: string) => string } } = {};
  runInNewContext(`${text}\nthis.__webpack_require__ = __webpack_require__;`, context);
  if (!context.__webpack_require__) throw new Error('no runtime');
  return context.__webpack_require__;
}

/** The object a table registers once edited. */
function registeredBy(text: string): ChunkFiles {
  let registered: unknown;
  runInNewContext(text, { registerChunkFiles: (files: unknown) => (registered = files) });
  return registered as ChunkFiles;
}

describe("moving the lazy tables' chunks out of the webpack runtime", () => {
  const chunks = [
    { id: '203', name: 'page0001', file: 'assets/js/page0001.cccccccc.js' },
    { id: '204', name: 'page0002', file: 'assets/js/page0002.dddddddd.js' },
  ];
  const result = moveChunkFiles(runtime, [
    { table: 0, source: table(0), chunks: [chunks[0]] },
    { table: 1, source: table(1), chunks },
  ]);

  test('the runtime no longer names the moved chunks and still names every other one', () => {
    expect(result.moved).toBe(2);
    expect(result.runtime).not.toMatch(/page000[12]|"20[34]"|cccccccc|dddddddd/);
    const { u, gca } = functionsOf(result.runtime);
    expect(u('17')).toBe('assets/js/guide0001.aaaaaaaa.js');
    expect(u('55')).toBe('assets/js/55.eeeeeeee.js');
    expect(gca('lazy-route-table-0')).toBe('/assets/js/lazy-route-table-0.bbbbbbbb.js');
    // A moved chunk's name gets a file with "undefined", which Docusaurus's prefetch skips.
    expect(gca('page0001')).toContain('undefined');
  });

  test('each table registers the files of its own chunks, which the runtime named the same before', () => {
    const before = functionsOf(runtime);
    const fileOf = (registered: ChunkFiles, id: string) => `${registered.prefix}${registered.files[id]}.js`;
    const [first, second] = result.tables.map(registeredBy);
    expect(Object.keys(first.files)).toEqual(['203']);
    expect(fileOf(first, '203')).toBe(before.u('203'));
    expect(Object.keys(second.files)).toEqual(['203', '204']);
    expect(fileOf(second, '204')).toBe(before.u('204'));
  });

  test('stops when a file is not the one the runtime names', () => {
    expect(() =>
      moveChunkFiles(runtime, [
        { table: 0, source: table(0), chunks: [{ ...chunks[0], file: 'assets/js/page0001.ffffffff.js' }] },
      ]),
    ).toThrow(/names chunk 203 \(page0001\) assets\/js\/page0001\.cccccccc\.js, not .*ffffffff/);
  });

  test('stops when a table lacks its placeholder or the runtime its functions', () => {
    expect(() => moveChunkFiles(runtime, [{ table: 3, source: table(0), chunks }])).toThrow(
      /lazy table 3 holds its placeholder 0 times/,
    );
    expect(() => moveChunkFiles(runtime.replace('__webpack_require__.u =', 'x ='), [])).toThrow(
      /no __webpack_require__\.u of the expected shape/,
    );
    expect(() => moveChunkFiles(runtime.replace('__webpack_require__.gca =', 'x ='), [])).toThrow(
      /no __webpack_require__\.gca/,
    );
  });

  test("reads webpack 5's spelling too (an arrow function's expression, no spaces in its maps)", () => {
    const webpack = runtime.replace(
      /__webpack_require__\.u = \(chunkId\) => \{[^]*?\n\}\n/,
      '__webpack_require__.u = (chunkId) => ("assets/js/" + ({"17":"guide0001","203":"page0001"}[chunkId] || chunkId) + "." + {"17":"aaaaaaaa","203":"cccccccc"}[chunkId] + ".js");\n',
    );
    expect(webpack).not.toBe(runtime);
    const moved = moveChunkFiles(webpack, [{ table: 0, source: table(0), chunks: [chunks[0]] }]);
    expect(moved.moved).toBe(1);
    const { u } = functionsOf(moved.runtime);
    expect(u('17')).toBe('assets/js/guide0001.aaaaaaaa.js');
    expect(moved.runtime).not.toContain('page0001');
  });
});
