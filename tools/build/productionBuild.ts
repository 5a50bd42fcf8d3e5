import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildStepEnvironments, docusaurusBin, type BuildStep } from '../../config/build';

/** What running one step returned: its exit code (null when a signal ended it) and whatever output was collected. */
export interface StepResult {
  code: number | null;
  output: string;
}

/** Runs one step's command line (`node <argv>`) in `env`; each caller collects output or times the step its own way. */
export type StepRunner = (argv: string[], env: NodeJS.ProcessEnv, step: BuildStep) => Promise<StepResult>;

/**
 * A production build as config/build.ts lays it out: the steps one after the other, each `node` with the step's own
 * arguments, then `docusaurus build` with `args` (a site folder, `--out-dir x`), stopping at the first that fails.
 * The resolution file the steps share lives in a folder of its own, removed once the build ends, whatever its outcome.
 */
export async function productionBuild(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  runStep: StepRunner,
): Promise<StepResult & { failedStep?: BuildStep['name'] }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'arena-build-'));
  try {
    let output = '';
    for (const { step, env: stepEnv } of buildStepEnvironments(env, path.join(folder, 'resolved-documents.json'))) {
      const result = await runStep([...step.nodeArgs, docusaurusBin, 'build', ...args], stepEnv, step);
      output += result.output;
      if (result.code !== 0) return { code: result.code, output, failedStep: step.name };
    }
    return { code: 0, output };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
