import { rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { productionBuild } from '../../build/productionBuild';
import { runNode } from '../../../src/build/node/runNode';

/** A cold production build: Docusaurus's caches removed first. Returns seconds. */
export async function coldBuild(siteDir: string, outDir: string, env: NodeJS.ProcessEnv = {}): Promise<number> {
  rmSync(path.join(siteDir, '.docusaurus'), { recursive: true, force: true });
  rmSync(path.join(siteDir, 'node_modules/.cache'), { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const { code, output } = await productionBuild(
    [siteDir, '--out-dir', outDir],
    { ...process.env, ...env },
    // In the site's folder, as `npm run build` runs (see timedBuild).
    (argv, stepEnv) => runNode(argv, { env: stepEnv, cwd: siteDir }),
  );
  if (code !== 0) throw new Error(`build of ${siteDir} failed:\n${output.slice(-3000)}`);
  return (performance.now() - started) / 1000;
}
