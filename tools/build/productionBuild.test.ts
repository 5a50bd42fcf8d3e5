import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import {
  buildSteps,
  heapGrowth,
  bundleSideVariable,
  docusaurusBin,
  resolutionFileVariable,
  serverBundleFileVariable,
} from '../../config/build';
import { productionBuild, withOutDir, type StepRunner } from './productionBuild';

interface Call {
  argv: string[];
  env: NodeJS.ProcessEnv;
  step: string;
}

function recorder(codes: (number | null)[], { apart = false } = {}): { calls: Call[]; run: StepRunner } {
  const calls: Call[] = [];
  return {
    calls,
    run: (argv, env, step) => {
      calls.push({ argv, env, step: step.name });
      // What the first step's openapi-source plugin does: it writes the documents it resolved.
      writeFileSync(env[resolutionFileVariable]!, '[]');
      // What the bundle-apart plugin does in the bundle step of a large site.
      if (apart && step.name === 'bundle') writeFileSync(env[serverBundleFileVariable]!, '{"outDir":"/site/out"}');
      return Promise.resolve({ code: codes[calls.length - 1] ?? 0, output: `${step.name} ran\n` });
    },
  };
}

test('bundles in one process, then renders in another, with the same arguments and resolution file', async () => {
  const { calls, run } = recorder([0, 0]);
  const result = await productionBuild(['site', '--out-dir', 'out'], { PATH: '/bin' }, run);
  expect(result).toEqual({ code: 0, output: 'bundle ran\nrender ran\n' });
  expect(calls.map((call) => call.step)).toEqual(['bundle', 'render']);
  expect(calls[0].argv).toEqual([heapGrowth, docusaurusBin, 'build', 'site', '--out-dir', 'out']);
  expect(calls[1].argv).toEqual([heapGrowth, docusaurusBin, 'build', 'site', '--out-dir', 'out']);
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

test("past the routes' threshold the bundle step asks, and the server's bundle is made by a step of its own", async () => {
  const { calls, run } = recorder([0, 0, 0], { apart: true });
  const result = await productionBuild(['site', '--out-dir', 'out'], {}, run);
  expect(result).toEqual({ code: 0, output: 'bundle ran\nserver-bundle ran\nrender ran\n' });
  const server = calls[1];
  expect(server.step).toBe('server-bundle');
  expect(server.env[bundleSideVariable]).toBe('server');
  expect(server.env.DOCUSAURUS_EXIT_AFTER_BUNDLING).toBe('true');
  // Its own output folder, which Docusaurus empties; the file names the site's, where its bundle goes.
  expect(server.argv.slice(0, 4)).toEqual([heapGrowth, docusaurusBin, 'build', 'site']);
  expect(server.argv.slice(4, 5)).toEqual(['--out-dir']);
  // In the build's own folder, beside the files the steps share, and removed with it.
  const shared = path.dirname(calls[0].env[resolutionFileVariable]!);
  expect(path.dirname(server.argv[5])).toBe(shared);
  expect(existsSync(shared)).toBe(false);
  for (const call of calls) expect(call.env[serverBundleFileVariable]).toBe(calls[0].env[serverBundleFileVariable]);
  expect(calls[2].argv).toEqual([heapGrowth, docusaurusBin, 'build', 'site', '--out-dir', 'out']);
});

test("a caller's BUNDLE_SIDE does not reach the bundle step", async () => {
  const { calls, run } = recorder([0, 0]);
  await productionBuild([], { [bundleSideVariable]: 'server' }, run);
  expect(calls.map((call) => [call.step, call.env[bundleSideVariable]])).toEqual([
    ['bundle', undefined],
    ['render', undefined],
  ]);
});

test('a failed server step stops the build before rendering', async () => {
  const { calls, run } = recorder([0, 3, 0], { apart: true });
  expect(await productionBuild([], {}, run)).toMatchObject({ code: 3, failedStep: 'server-bundle' });
  expect(calls.map((call) => call.step)).toEqual(['bundle', 'server-bundle']);
});

test('the output folder is replaced, or added when the arguments name none', () => {
  expect(withOutDir(['site', '--out-dir', 'out', '--no-minify'], '/x')).toEqual([
    'site',
    '--out-dir',
    '/x',
    '--no-minify',
  ]);
  expect(withOutDir(['site'], '/x')).toEqual(['site', '--out-dir', '/x']);
});
