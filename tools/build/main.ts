/**
 * `npm run build`'s first step: the production build (config/build.ts: `docusaurus build` in two processes, bundling
 * then rendering, with the production build's environment). This script's arguments are passed on
 * (`tsx tools/build/main.ts --out-dir x`); `npm run build -- x` hands its arguments to the script's last command,
 * precompress.ts.
 */
import { spawn } from 'node:child_process';
import process from 'node:process';
import { productionBuild } from './productionBuild';

void productionBuild(process.argv.slice(2), process.env, (argv, env) => {
  const child = spawn(process.execPath, argv, { stdio: 'inherit', env });
  // A stopped step (code null) fails the build: Ctrl+C reaches the step's process through the terminal's group.
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output: '' })));
}).then((result) => {
  if (result.failedStep) console.error(`[build] the ${result.failedStep} step failed (exit code ${result.code})`);
  process.exit(result.code ?? 1);
});
