import { spawn } from 'node:child_process';

/** Output and exit code of a finished command. */
export interface RunResult {
  code: number | null;
  output: string;
}

/**
 * Runs a Node.js script to its end, collecting stdout and stderr. Asynchronous on purpose: test fixtures (HTTP
 * servers) living in the calling process must keep answering while the command runs. Here in src/ because the build
 * uses it (the search-index plugin runs Pagefind's indexer so), and the build imports nothing from tools/.
 */
export function runNode(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: options.env ?? process.env, cwd: options.cwd });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}
