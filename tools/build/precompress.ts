import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The types nginx compresses (deploy/nginx: gzip_types, brotli_types), by file extension, and HTML. */
export const compressibleExtensions = ['.html', '.js', '.css', '.json', '.yaml', '.md', '.txt', '.xml', '.svg'];
/** Below this, compression saves less than the headers it costs (nginx's gzip_min_length). */
export const minBytes = 256;

export function isCompressible(file: string, size: number): boolean {
  return size >= minBytes && compressibleExtensions.includes(path.extname(file).toLowerCase());
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.gz` (level 9) and `<file>.br` (quality 11, the text mode) beside every compressible file, two files
 * at a time (zlib runs in libuv's thread pool). Stale twins of a previous run are removed first.
 */
export async function precompressTree(
  root: string,
): Promise<{ files: number; bytes: number; gzipBytes: number; brotliBytes: number }> {
  const all = await filesUnder(root);
  await Promise.all(all.filter((file) => /\.(gz|br)$/.test(file)).map((file) => rm(file)));
  const sources = all.filter((file) => !/\.(gz|br)$/.test(file));
  const totals = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const file = sources[next++];
      const content = await readFile(file);
      if (!isCompressible(file, content.length)) continue;
      const [gz, br] = await Promise.all([
        gzipAsync(content, { level: 9 }),
        brotliAsync(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      totals.files += 1;
      totals.bytes += content.length;
      totals.gzipBytes += gz.length;
      totals.brotliBytes += br.length;
    }
  };
  await Promise.all([worker(), worker()]);
  return totals;
}
