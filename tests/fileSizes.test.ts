import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * Issue 57: a source file has one job, and one job fits in 350 lines. Tests, specs and fixtures are left out: a
 * table of cases grows with what it covers. Counted over the files git knows, untracked new ones included.
 */
const root = path.resolve(__dirname, '..');
const limit = 350;

test(`no source file is longer than ${limit} lines`, () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /^(src|tools|config|sidebars|tests)\/.*\.(ts|tsx|mts|mjs|cjs)$/.test(file))
    .filter((file) => !/\.(test|spec|integration\.test)\.[a-z]+$|(^|\/)fixtures\/|\.d\.ts$/.test(file));
  expect(files.length).toBeGreaterThan(300);
  const long = files
    .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > limit)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(long).toEqual([]);
});
