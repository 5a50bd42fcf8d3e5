/**
 * `npm run build`'s first step: the production build (config/build.ts: `docusaurus build` in two processes, bundling
 * then rendering, with the production build's environment). It takes a site folder and `--out-dir`
 * (`tsx tools/build/main.ts --out-dir x`), read strictly like every tool's flags, so `--help` answers and a typo stops
 * here rather than reaching `docusaurus build`; `npm run build -- x` hands its arguments to the script's last command,
 * precompressMain.ts.
 */
import { spawn } from 'node:child_process';
import process from 'node:process';
import { readCli } from '../lib/cli';
import { productionBuild } from './productionBuild';

const { values, positionals } = readCli({
  command: 'npx tsx tools/build/main.ts',
  tag: '[build]',
  summary:
    "The production build (npm run build's first step): docusaurus build in two processes, bundling then rendering, with config/build.ts's settings.",
  usage: ['[site folder] [--out-dir <folder>]'],
  options: {
    'out-dir': { type: 'string', value: 'folder', description: 'where the site is written (default build/)' },
  },
  positionals: { value: 'site folder', description: 'the site to build (default: this one)', max: 1 },
});
const args = [...positionals, ...(values['out-dir'] ? ['--out-dir', values['out-dir']] : [])];

void productionBuild(args, process.env, (argv, env) => {
  const child = spawn(process.execPath, argv, { stdio: 'inherit', env });
  // A stopped step (code null) fails the build: Ctrl+C reaches the step's process through the terminal's group.
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output: '' })));
}).then(
  (result) => {
    if (result.failedStep) console.error(`[build] the ${result.failedStep} step failed (exit code ${result.code})`);
    process.exit(result.code ?? 1);
  },
  (error: unknown) => {
    console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
