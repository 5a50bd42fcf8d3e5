import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { icoEntries, icoFromPngs } from './ico';

/** A PNG's signature and IHDR chunk are all `pngSize` reads; the rest of a real file does not matter to the packer. */
function png(width: number, height: number, extra = 0): Uint8Array {
  const bytes = new Uint8Array(33 + extra);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe('icoFromPngs', () => {
  test('writes the header, one directory entry per image and the images after it, in order', () => {
    const images = [
      { width: 16, height: 16, bytes: png(16, 16) },
      { width: 32, height: 32, bytes: png(32, 32, 7) },
    ];
    const ico = icoFromPngs(images);
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 2]);
    expect(ico.length).toBe(6 + 32 + 33 + 40);
    expect(view.getUint32(6 + 12, true)).toBe(38);
    expect(view.getUint32(22 + 8, true)).toBe(40);
    expect(view.getUint32(22 + 12, true)).toBe(38 + 33);
    expect(ico.subarray(71)).toEqual(images[1].bytes);
    expect(icoEntries(ico)).toEqual([
      { width: 16, height: 16, png: { width: 16, height: 16 } },
      { width: 32, height: 32, png: { width: 32, height: 32 } },
    ]);
  });

  test('writes 256 as 0, as the format wants, and reads it back as 256', () => {
    const ico = icoFromPngs([{ width: 256, height: 256, bytes: png(256, 256) }]);
    expect([ico[6], ico[7]]).toEqual([0, 0]);
    expect(icoEntries(ico)[0].width).toBe(256);
  });

  test('refuses what would make a broken icon', () => {
    expect(() => icoFromPngs([])).toThrow('at least one image');
    expect(() => icoFromPngs([{ width: 16, height: 16, bytes: png(32, 32) }])).toThrow('is 32x32, not 16x16');
    expect(() => icoFromPngs([{ width: 300, height: 300, bytes: png(300, 300) }])).toThrow('at most 256');
    expect(() => icoFromPngs([{ width: 16, height: 16, bytes: new Uint8Array(40) }])).toThrow('not a PNG');
  });

  test('icoEntries refuses a file that is not an icon, or whose directory points past its end', () => {
    expect(() => icoEntries(png(16, 16))).toThrow('not an ICO');
    const ico = icoFromPngs([{ width: 16, height: 16, bytes: png(16, 16) }]);
    expect(() => icoEntries(ico.subarray(0, ico.length - 1))).toThrow('past the end');
  });
});

test("the committed static/favicon.ico holds the SVG's 16, 32 and 48 px renderings (npm run favicon)", () => {
  const ico = new Uint8Array(readFileSync(path.resolve(__dirname, '../../static/favicon.ico')));
  expect(icoEntries(ico).map((entry) => [entry.width, entry.png.width, entry.png.height])).toEqual([
    [16, 16, 16],
    [32, 32, 32],
    [48, 48, 48],
  ]);
});
