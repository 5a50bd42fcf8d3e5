import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import {
  buildEnvironment,
  buildSteps,
  heapGrowth,
  bundleSideVariable,
  fasterOptions,
  serverBundleStep,
  withBuildEnvironment,
} from './build';

test('the variables are ones this Docusaurus reads', () => {
  const core = ['webpack/base.js', 'ssg/ssgEnv.js']
    .map((file) => readFileSync(`node_modules/@docusaurus/core/lib/${file}`, 'utf8'))
    .join('\n');
  for (const name of Object.keys(buildEnvironment)) expect(core).toContain(`process.env.${name}`);
});

test("the build steps' variables are ones this Docusaurus's build command reads", () => {
  const command = readFileSync('node_modules/@docusaurus/core/lib/commands/build/buildLocale.js', 'utf8');
  for (const step of [...buildSteps, serverBundleStep]) {
    for (const [name, value] of Object.entries(step.env)) {
      if (name !== bundleSideVariable) expect(command).toContain(`process.env.${name} === '${value}'`);
    }
  }
});

test("Docusaurus Faster is whole but in the server step, which has no browser's compilation to share MDX with", () => {
  const core = readFileSync('node_modules/@docusaurus/core/lib/server/configValidation.js', 'utf8');
  const all = fasterOptions({});
  // Every setting this Docusaurus knows, each on, as `faster: true` would have them.
  for (const name of Object.keys(all)) expect(core).toContain(`    ${name}: true,`);
  expect(Object.values(all).every(Boolean)).toBe(true);
  expect(fasterOptions(serverBundleStep.env)).toEqual({ ...all, mdxCrossCompilerCache: false });
});

test('a variable the caller sets wins over the default', () => {
  const env = withBuildEnvironment({ DOCUSAURUS_NO_PERSISTENT_CACHE: '', PATH: '/bin' });
  expect(env.DOCUSAURUS_NO_PERSISTENT_CACHE).toBe('');
  expect(env.PATH).toBe('/bin');
  expect(env.DOCUSAURUS_SSG_WORKER_THREAD_RECYCLER_MAX_MEMORY).toBe(
    buildEnvironment.DOCUSAURUS_SSG_WORKER_THREAD_RECYCLER_MAX_MEMORY,
  );
});

test("the steps' Node arguments are ones this Node takes", () => {
  const v8Options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
  expect(v8Options).toContain(`${heapGrowth.split('=')[0]} (`);
  for (const step of [...buildSteps, serverBundleStep]) {
    const run = spawnSync(process.execPath, [...step.nodeArgs, '-e', 'process.exit(7)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(7);
  }
  // The check above can fail: Node refuses a flag V8 does not know.
  expect(spawnSync(process.execPath, ['--heap-growing-percentage=30', '-e', '0']).status).not.toBe(0);
});
