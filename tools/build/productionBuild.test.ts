import { existsSync, writeFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { buildSteps, bundleHeapGrowth, docusaurusBin, resolutionFileVariable } from '../../config/build';
import { productionBuild, type StepRunner } from './productionBuild';

interface Call {
  argv: string[];
  env: NodeJS.ProcessEnv;
  step: string;
}

function recorder(codes: (number | null)[]): { calls: Call[]; run: StepRunner } {
  const calls: Call[] = [];
  return {
    calls,
    run: (argv, env, step) => {
      calls.push({ argv, env, step: step.name });
      // What the first step's openapi-source plugin does: it writes the documents it resolved.
      writeFileSync(env[resolutionFileVariable]!, '[]');
      return Promise.resolve({ code: codes[calls.length - 1] ?? 0, output: `${step.name} ran\n` });
    },
  };
}

test('bundles in one process, then renders in another, with the same arguments and resolution file', async () => {
  const { calls, run } = recorder([0, 0]);
  const result = await productionBuild(['site', '--out-dir', 'out'], { PATH: '/bin' }, run);
  expect(result).toEqual({ code: 0, output: 'bundle ran\nrender ran\n' });
  expect(calls.map((call) => call.step)).toEqual(['bundle', 'render']);
  expect(calls[0].argv).toEqual([bundleHeapGrowth, docusaurusBin, 'build', 'site', '--out-dir', 'out']);
  expect(calls[1].argv).toEqual([docusaurusBin, 'build', 'site', '--out-dir', 'out']);
  expect(calls[0].env.DOCUSAURUS_EXIT_AFTER_BUNDLING).toBe('true');
  expect(calls[0].env.DOCUSAURUS_SKIP_BUNDLING).toBeUndefined();
  expect(calls[1].env.DOCUSAURUS_SKIP_BUNDLING).toBe('true');
  expect(calls[1].env.DOCUSAURUS_EXIT_AFTER_BUNDLING).toBeUndefined();
  const [first, second] = calls.map((call) => call.env[resolutionFileVariable]);
  expect(first).toBeTruthy();
  expect(second).toBe(first);
  for (const call of calls) {
    expect(call.env.PATH).toBe('/bin');
    expect(call.env.DOCUSAURUS_NO_PERSISTENT_CACHE).toBe('true');
  }
});

test('a failed bundle stops the build before rendering, and says which step failed', async () => {
  const { calls, run } = recorder([1, 0]);
  const result = await productionBuild([], {}, run);
  expect(result.code).toBe(1);
  expect(result.failedStep).toBe('bundle');
  expect(calls).toHaveLength(1);
});

test('a failed render fails the build', async () => {
  const { run } = recorder([0, 2]);
  expect(await productionBuild([], {}, run)).toMatchObject({ code: 2, failedStep: 'render' });
});

test('the resolution file is removed when the build ends, failed or not', async () => {
  for (const codes of [
    [0, 0],
    [1, 0],
    [0, null],
  ]) {
    const { calls, run } = recorder(codes);
    await productionBuild([], {}, run);
    expect(existsSync(calls[0].env[resolutionFileVariable]!)).toBe(false);
  }
});

test('a caller cannot point two builds at one resolution file', async () => {
  const { calls, run } = recorder([0, 0]);
  await productionBuild([], { [resolutionFileVariable]: '/tmp/shared.json' }, run);
  expect(calls[0].env[resolutionFileVariable]).not.toBe('/tmp/shared.json');
  expect(buildSteps).toHaveLength(2);
});
