/**
 * `npm run build`'s last step: writes a gzip (`.gz`) and a brotli (`.br`) twin beside every compressible file of
 * the build, so nginx serves them as they are (`gzip_static`, `brotli_static`) and no request pays for compressing.
 * Usage: tsx tools/build/precompressMain.ts [build folder, default build]
 */
import process from 'node:process';
import { readCli } from '../lib/cli';
import { precompressTree } from './precompress';

const { positionals } = readCli({
  command: 'npm run build',
  tag: '[precompress]',
  summary: "npm run build's last step: a .gz and a .br twin beside every compressible file of a build, for nginx.",
  usage: ['[build folder]'],
  options: {},
  positionals: { value: 'build folder', description: 'the build to compress (default build/)', max: 1 },
});
const root = positionals[0] ?? 'build';
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
