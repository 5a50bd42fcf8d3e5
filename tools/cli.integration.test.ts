import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

/**
 * Every CLI an npm script runs, as a person runs it: `--help` prints its usage on stdout and exits 0, and a flag it
 * does not know is refused by name in one line on stderr with exit code 2, before it starts anything (security
 * issue 55: an ignored flag let a typo run the real thing). The parsing itself is tested in tools/lib/cli.test.ts.
 */

const execute = promisify(execFile);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(script: string, args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await execute(process.execPath, ['--import', 'tsx', script, ...args], {
      // No remote document, port or secret from the caller's environment; and a command that ignored the flag and
      // started its real work is stopped rather than left running.
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number | null; signal?: string; stdout: string; stderr: string };
    return { code: failure.code ?? -1, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Each npm script's CLI, the flags its usage must name, and a flag of its that takes a value (to leave it out). */
const clis: { script: string; npm: string; command?: string; flags: string[]; valued?: string }[] = [
  {
    script: 'tools/webhooks-send/main.ts',
    npm: 'webhooks:send',
    flags: ['--event', '--to', '--secret', '--repeat', '--retries', '--wait', '--api', '--document', '--list'],
    valued: '--event',
  },
  { script: 'tools/mock/main.ts', npm: 'mock', flags: ['MOCK_DATA_PORT', 'MOCK_CHAT_PORT'] },
  {
    script: 'tools/specs-pull/main.ts',
    npm: 'specs:pull',
    flags: ['--check', '--note', 'DATA_API_SPEC_URL'],
    valued: '--note',
  },
  {
    script: 'tools/nginx/main.ts',
    npm: 'serve:nginx',
    flags: ['render', '--root', '--listen', '--prefix', 'PORT'],
    valued: '--root',
  },
  {
    script: 'tools/bench/main.ts',
    npm: 'bench',
    flags: ['--quick', '--search-only', '--reference-only', '--scale', '--real', '--big', 'BENCH_RUNS'],
    valued: '--scale',
  },
  { script: 'tools/bench/serve.ts', npm: 'bench:serve', flags: ['BENCH_SECONDS', 'BENCH_CONNECTIONS', 'BENCH_ROUNDS'] },
  { script: 'tools/lint-openapi/main.ts', npm: 'lint:openapi', flags: [] },
  { script: 'tools/favicon/main.ts', npm: 'favicon', flags: [] },
  {
    script: 'tools/corpus/main.ts',
    npm: 'corpus',
    flags: ['--match', '--limit', '--seconds', '--workers'],
    valued: '--match',
  },
  // `npm run build -- <args>` reaches its last command, the precompression; the build step is run by path.
  { script: 'tools/build/precompressMain.ts', npm: 'build', flags: ['build folder'] },
  {
    script: 'tools/build/main.ts',
    npm: 'build',
    command: 'npx tsx tools/build/main.ts',
    flags: ['--out-dir', 'site folder'],
    valued: '--out-dir',
  },
];

describe.each(clis)('$script', ({ script, npm, command, flags }) => {
  test.each([['--help'], ['-h']])('%s prints its usage, naming its flags, and exits 0', async (flag) => {
    const { code, stdout, stderr } = await run(script, [flag]);
    expect(code, stdout + stderr).toBe(0);
    expect(stdout.startsWith(`Usage: ${command ?? `npm run ${npm}`}`)).toBe(true);
    for (const name of [...flags, '--help']) expect(stdout).toContain(name);
    expect(stderr).toBe('');
  });

  test('refuses an unknown flag by name, in one line, with exit code 2', async () => {
    const { code, stdout, stderr } = await run(script, ['--no-such-flag']);
    expect(code, stdout + stderr).toBe(2);
    expect(stderr).toMatch(/^\[[\w:]+\] Unknown option '--no-such-flag': .*--help.*\n$/);
    expect(stdout).toBe('');
  });
});

test.each(clis.flatMap(({ script, npm, valued }) => (valued ? [{ script, npm, valued }] : [])))(
  'npm run $npm refuses $valued without its value, naming the flag, with exit code 2',
  async ({ script, valued }) => {
    const { code, stdout, stderr } = await run(script, [valued]);
    expect(code, stdout + stderr).toBe(2);
    expect(stderr).toContain(`${valued} needs`);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  },
);
