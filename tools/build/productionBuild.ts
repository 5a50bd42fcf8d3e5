import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildSteps,
  docusaurusBin,
  resolutionFileVariable,
  serverBundleFileVariable,
  serverBundleStep,
  stepEnvironment,
  type BuildStep,
} from '../../config/build';

/** What running one step returned: its exit code (null when a signal ended it) and whatever output was collected. */
export interface StepResult {
  code: number | null;
  output: string;
}

/** Runs one step's command line (`node <argv>`) in `env`; each caller collects output or times the step its own way. */
export type StepRunner = (argv: string[], env: NodeJS.ProcessEnv, step: BuildStep) => Promise<StepResult>;

/** The build's arguments with the output folder `outDir` instead of theirs. */
export function withOutDir(args: readonly string[], outDir: string): string[] {
  const at = args.indexOf('--out-dir');
  return at === -1 ? [...args, '--out-dir', outDir] : args.map((arg, index) => (index === at + 1 ? outDir : arg));
}

/**
 * A production build as config/build.ts lays it out: the steps one after the other, each `node` with the step's own
 * arguments, then `docusaurus build` with `args` (a site folder, `--out-dir x`), stopping at the first that fails.
 * When the bundle step left the server's compilation out (a site past `serverBundleApartFromRoutes`), the server
 * step makes it before the render step. The files the steps share live in a folder of their own, removed once the
 * build ends, whatever its outcome.
 */
export async function productionBuild(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  runStep: StepRunner,
): Promise<StepResult & { failedStep?: BuildStep['name'] }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'arena-build-'));
  const serverBundleFile = path.join(folder, 'server-bundle.json');
  const shared = {
    [resolutionFileVariable]: path.join(folder, 'resolved-documents.json'),
    [serverBundleFileVariable]: serverBundleFile,
  };
  try {
    let output = '';
    for (const step of buildSteps) {
      const steps: [BuildStep, readonly string[]][] = [[step, args]];
      // Docusaurus empties the output folder before bundling: the server step bundles into one of its own, and
      // writes its server bundle into the site's (the file names it).
      if (step.name === 'render' && existsSync(serverBundleFile))
        steps.unshift([serverBundleStep, withOutDir(args, path.join(folder, 'server-step'))]);
      for (const [run, runArgs] of steps) {
        const result = await runStep(
          [...run.nodeArgs, docusaurusBin, 'build', ...runArgs],
          stepEnvironment(env, run, shared),
          run,
        );
        output += result.output;
        if (result.code !== 0) return { code: result.code, output, failedStep: run.name };
      }
    }
    return { code: 0, output };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
