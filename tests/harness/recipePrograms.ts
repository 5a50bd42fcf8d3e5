import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RecipeCode } from '../../src/core/recipes/code';

const execute = promisify(execFile);

/** What runs each language's recipe program (src/core/recipes/code): the system's bash and python3, this Node. */
export const interpreters: Record<RecipeCode['language'], string> = {
  shell: 'bash',
  node: process.execPath,
  python: 'python3',
};

export interface ProgramRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Writes a recipe's program into `folder` as `<name>-<its file name>` and runs it there with `args` in `env`. A run
 * that exits non-zero is its exit code and output, not an exception, so a test can hold a failure to what it says.
 */
export async function runRecipeProgram(
  code: RecipeCode,
  options: { folder: string; name: string; args: string[]; env: NodeJS.ProcessEnv },
): Promise<ProgramRun> {
  const file = path.join(options.folder, `${options.name}-${code.file}`);
  writeFileSync(file, code.code);
  try {
    const { stdout, stderr } = await execute(interpreters[code.language], [file, ...options.args], {
      env: options.env,
      cwd: options.folder,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? String(error) };
  }
}
