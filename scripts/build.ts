/**
 * `npm run build`'s first step: `docusaurus build` with the production build's environment (config/build.ts), which
 * Docusaurus reads before it loads the site's config. Arguments are passed on (`-- --out-dir x`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';
import { withBuildEnvironment } from '../config/build';

const docusaurus = path.resolve('node_modules/@docusaurus/core/bin/docusaurus.mjs');
const result = spawnSync(process.execPath, [docusaurus, 'build', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: withBuildEnvironment(process.env),
});
process.exit(result.status ?? 1);
