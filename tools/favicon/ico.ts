/**
 * Packs PNG images into one ICO file. Since Windows Vista an ICO entry may hold a PNG as is, and every browser reads
 * it; so `/favicon.ico` can be made from the SVG favicon's renderings without an image library.
 * Layout: a 6-byte header (reserved 0, type 1 = icon, count), one 16-byte directory entry per image, then the images.
 */
export interface PngImage {
  readonly width: number;
  readonly height: number;
  readonly bytes: Uint8Array;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The width and height a PNG's IHDR chunk declares; throws on anything that is not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.length < 24 || pngSignature.some((byte, index) => bytes[index] !== byte))
    throw new Error('not a PNG image');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export function icoFromPngs(images: readonly PngImage[]): Uint8Array {
  if (images.length === 0) throw new Error('an icon needs at least one image');
  const headerSize = 6 + 16 * images.length;
  const total = images.reduce((sum, image) => sum + image.bytes.length, headerSize);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true);
  view.setUint16(4, images.length, true);
  let offset = headerSize;
  images.forEach((image, index) => {
    const declared = pngSize(image.bytes);
    if (declared.width !== image.width || declared.height !== image.height)
      throw new Error(`image ${index} is ${declared.width}x${declared.height}, not ${image.width}x${image.height}`);
    if (image.width > 256 || image.height > 256) throw new Error('an icon image is at most 256x256');
    const entry = 6 + 16 * index;
    // 0 stands for 256 in the one-byte width and height fields.
    view.setUint8(entry, image.width % 256);
    view.setUint8(entry + 1, image.height % 256);
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, image.bytes.length, true);
    view.setUint32(entry + 12, offset, true);
    out.set(image.bytes, offset);
    offset += image.bytes.length;
  });
  return out;
}

/** The sizes an ICO file's directory declares, with each image's own PNG size, for checking a built icon. */
export function icoEntries(
  bytes: Uint8Array,
): { width: number; height: number; png: { width: number; height: number } }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 6 || view.getUint16(0, true) !== 0 || view.getUint16(2, true) !== 1)
    throw new Error('not an ICO file');
  return Array.from({ length: view.getUint16(4, true) }, (_, index) => {
    const entry = 6 + 16 * index;
    const size = view.getUint32(entry + 8, true);
    const offset = view.getUint32(entry + 12, true);
    if (offset + size > bytes.length) throw new Error(`image ${index} runs past the end of the file`);
    return {
      width: view.getUint8(entry) || 256,
      height: view.getUint8(entry + 1) || 256,
      png: pngSize(bytes.subarray(offset, offset + size)),
    };
  });
}
