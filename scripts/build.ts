/**
 * `npm run build`'s first step: `docusaurus build` with the production build's environment (config/build.ts), which
 * Docusaurus reads before it loads the site's config. Arguments are passed on (`-- --out-dir x`).
 */
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { docusaurusBin, withBuildEnvironment } from '../config/build';

const result = spawnSync(process.execPath, [docusaurusBin, 'build', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: withBuildEnvironment(process.env),
});
process.exit(result.status ?? 1);
