/**
 * `npm run build`'s last step: writes a gzip (`.gz`) and a brotli (`.br`) twin beside every compressible file of
 * the build, so nginx serves them as they are (`gzip_static`, `brotli_static`) and no request pays for compressing.
 * Usage: tsx tools/build/precompressMain.ts [build folder, default build]
 */
import process from 'node:process';
import { precompressTree } from './precompress';

const root = process.argv[2] ?? 'build';
const started = Date.now();
precompressTree(root).then(
  ({ files, bytes, gzipBytes, brotliBytes }) => {
    const mb = (value: number) => (value / 1024 / 1024).toFixed(1);
    console.log(
      `[precompress] ${files} files, ${mb(bytes)} MB -> gzip ${mb(gzipBytes)} MB, brotli ${mb(brotliBytes)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  },
  (error: unknown) => {
    console.error(`[precompress] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
