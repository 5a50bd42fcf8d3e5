import { twinMemoFile } from '../../src/build/llms/twinMemo';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildSteps,
  heapGrowth,
  bundleSideVariable,
  docusaurusBin,
  resolutionFileVariable,
  noPageCacheVariable,
  pageCacheVariable,
  serverBundleFileVariable,
} from '../../config/build';
import {
  buildFolders,
  buildLockFile,
  lockSite,
  preparePageCache,
  productionBuild,
  withOutDir,
  type StepRunner,
} from './productionBuild';
import { pageCacheFile, pendingPageCacheFile, previousOutput } from '../../src/build/page-cache/ssg';

/** The page cache off: these builds run no step, and the default site folder is this checkout. */
const off = { [noPageCacheVariable]: 'true' };

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
  const result = await productionBuild(['site', '--out-dir', 'out'], { ...off, PATH: '/bin' }, run);
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
  const result = await productionBuild([], off, run);
  expect(result.code).toBe(1);
  expect(result.failedStep).toBe('bundle');
  expect(calls).toHaveLength(1);
});

test('a failed render fails the build', async () => {
  const { run } = recorder([0, 2]);
  expect(await productionBuild([], off, run)).toMatchObject({ code: 2, failedStep: 'render' });
});

test('the resolution file is removed when the build ends, failed or not', async () => {
  for (const codes of [
    [0, 0],
    [1, 0],
    [0, null],
  ]) {
    const { calls, run } = recorder(codes);
    await productionBuild([], off, run);
    expect(existsSync(calls[0].env[resolutionFileVariable]!)).toBe(false);
  }
});

test('a caller cannot point two builds at one resolution file', async () => {
  const { calls, run } = recorder([0, 0]);
  await productionBuild([], { ...off, [resolutionFileVariable]: '/tmp/shared.json' }, run);
  expect(calls[0].env[resolutionFileVariable]).not.toBe('/tmp/shared.json');
  expect(buildSteps).toHaveLength(2);
});

test("past the routes' threshold the bundle step asks, and the server's bundle is made by a step of its own", async () => {
  const { calls, run } = recorder([0, 0, 0], { apart: true });
  const result = await productionBuild(['site', '--out-dir', 'out'], off, run);
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
  await productionBuild([], { ...off, [bundleSideVariable]: 'server' }, run);
  expect(calls.map((call) => [call.step, call.env[bundleSideVariable]])).toEqual([
    ['bundle', undefined],
    ['render', undefined],
  ]);
});

test('a failed server step stops the build before rendering', async () => {
  const { calls, run } = recorder([0, 3, 0], { apart: true });
  expect(await productionBuild([], off, run)).toMatchObject({ code: 3, failedStep: 'server-bundle' });
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

describe('the page cache', () => {
  let site: string;
  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), 'page-cache-build-'));
  });
  afterEach(() => rmSync(site, { recursive: true, force: true }));

  /** A site folder whose last build into `out` left its pages and a cache. */
  function builtBefore(withCache = true): string {
    mkdirSync(path.join(site, 'out/docs'), { recursive: true });
    writeFileSync(path.join(site, 'out/docs/index.html'), '<p>before</p>');
    const folder = preparePageCache([site, '--out-dir', 'out'], {})!;
    rmSync(path.join(folder, previousOutput), { recursive: true, force: true });
    if (withCache) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, pageCacheFile), '{}\n');
    }
    return folder;
  }

  test("names the folder to the steps, and the render step finds the last build's pages there", async () => {
    const folder = builtBefore();
    const seen: { folder?: string; previous: boolean; out: boolean }[] = [];
    const { run } = recorder([0, 0]);
    await productionBuild([site, '--out-dir', 'out'], {}, (argv, env, step) => {
      seen.push({
        folder: env[pageCacheVariable],
        previous: existsSync(path.join(folder, previousOutput, 'docs/index.html')),
        out: existsSync(path.join(site, 'out')),
      });
      return run(argv, env, step);
    });
    expect(folder.startsWith(path.join(realpathSync(site), '.docusaurus/page-cache/'))).toBe(true);
    expect(seen).toEqual([
      { folder, previous: true, out: false },
      { folder, previous: true, out: false },
    ]);
    // Removed once the build ends; the cache itself stays for the next one.
    expect(existsSync(path.join(folder, previousOutput))).toBe(false);
    expect(existsSync(path.join(folder, pageCacheFile))).toBe(true);
  });

  test('an output folder no build of this site wrote a cache for is not moved', async () => {
    const folder = builtBefore(false);
    const { run } = recorder([0, 0]);
    await productionBuild([site, '--out-dir', 'out'], {}, run);
    expect(readFileSync(path.join(site, 'out/docs/index.html'), 'utf8')).toBe('<p>before</p>');
    expect(existsSync(path.join(folder, previousOutput))).toBe(false);
  });

  test('a failed build leaves no cache, nor does NO_PAGE_CACHE=true, which leaves the output folder where it is', async () => {
    const folder = builtBefore();
    expect(await productionBuild([site, '--out-dir', 'out'], {}, recorder([0, 1]).run)).toMatchObject({ code: 1 });
    expect(existsSync(path.join(folder, pageCacheFile))).toBe(false);
    builtBefore();
    writeFileSync(path.join(folder, twinMemoFile), '{}');
    await productionBuild([site, '--out-dir', 'out'], off, recorder([0, 0]).run);
    expect(readFileSync(path.join(site, 'out/docs/index.html'), 'utf8')).toBe('<p>before</p>');
    expect(existsSync(path.join(folder, pageCacheFile))).toBe(false);
    // Nor the twins' memo: the switch reuses nothing, now or in the next build.
    expect(existsSync(path.join(folder, twinMemoFile))).toBe(false);
  });

  test("the render step's cache becomes the cache only once the build has ended well", async () => {
    const folder = builtBefore();
    // What the render step does: it writes its cache as pending (postBuild and the broken-link check come after).
    const rendering = (codes: number[]): StepRunner => {
      const { run } = recorder(codes);
      return (argv, env, step) => {
        if (step.name === 'render') writeFileSync(path.join(env[pageCacheVariable]!, pendingPageCacheFile), 'new');
        return run(argv, env, step);
      };
    };
    await productionBuild([site, '--out-dir', 'out'], {}, rendering([0, 0]));
    expect(readFileSync(path.join(folder, pageCacheFile), 'utf8')).toBe('new');
    expect(existsSync(path.join(folder, pendingPageCacheFile))).toBe(false);
    // Rendered, then failed (a postBuild check): neither the old cache nor the new one is left.
    await productionBuild([site, '--out-dir', 'out'], {}, rendering([0, 1]));
    expect(existsSync(path.join(folder, pageCacheFile))).toBe(false);
    expect(existsSync(path.join(folder, pendingPageCacheFile))).toBe(false);
  });

  test('two output folders of one site keep a cache each', () => {
    const one = preparePageCache([site, '--out-dir', 'one'], {});
    const two = preparePageCache([site, '--out-dir', 'two'], {});
    expect(one).not.toBe(two);
    expect(buildFolders([site, '--out-dir', 'one'])).toEqual({
      siteDir: realpathSync(site),
      outDir: path.join(realpathSync(site), 'one'),
    });
    expect(buildFolders(['--out-dir', '/abs/out', site]).outDir).toBe('/abs/out');
    expect(buildFolders([site, '--no-minify', '--out-dir', 'one']).outDir).toBe(path.join(realpathSync(site), 'one'));
  });

  test.each([
    ['--out-dir=elsewhere'],
    ['--locale', 'fr'],
    ['-l', 'fr'],
    ['--config', 'other.config.ts'],
    ['one', 'two'],
    ['--out-dir'],
    ['--out-dir', 'a', '--out-dir', 'b'],
  ])('arguments it cannot read (%j) stop the build before any step, and nothing is moved', async (...args) => {
    builtBefore();
    const { calls, run } = recorder([0, 0]);
    await expect(productionBuild([site, '--out-dir', 'out', ...args], {}, run)).rejects.toThrow(
      /the production build does not take/,
    );
    expect(calls).toEqual([]);
    expect(readFileSync(path.join(site, 'out/docs/index.html'), 'utf8')).toBe('<p>before</p>');
  });
});

describe('one build of a site folder at a time', () => {
  let site: string;
  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), 'build-lock-'));
  });
  afterEach(() => rmSync(site, { recursive: true, force: true }));

  test('a second build of a folder being built stops before running a step, naming the first; then it may run', async () => {
    let second: Promise<unknown> | undefined;
    const secondRun = recorder([0, 0]);
    const first = recorder([0, 0]);
    const during: StepRunner = async (argv, env, step) => {
      // While the first build runs its first step, a second of the same folder starts.
      second ??= productionBuild([site], off, secondRun.run).catch((error: unknown) => error);
      return first.run(argv, env, step);
    };
    expect(await productionBuild([site], off, during)).toMatchObject({ code: 0 });
    const refused = await second;
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe(
      `another production build of ${realpathSync(site)} is running (process ${process.pid}); wait for it to end (if no build runs, remove ${path.join(realpathSync(site), buildLockFile)})`,
    );
    expect(secondRun.calls).toEqual([]);
    // Let go once it ended, whatever its outcome: the next build runs.
    expect(existsSync(path.join(site, buildLockFile))).toBe(false);
    expect(await productionBuild([site], off, recorder([1]).run)).toMatchObject({ code: 1 });
    expect(existsSync(path.join(site, buildLockFile))).toBe(false);
    expect(await productionBuild([site], off, recorder([0, 0]).run)).toMatchObject({ code: 0 });
  });

  test("a lock whose process has ended (a build killed) is taken over; another folder's is not in the way", () => {
    mkdirSync(path.dirname(path.join(site, buildLockFile)), { recursive: true });
    // No process has a number this high (Linux's pid_max is at most 2^22).
    writeFileSync(path.join(site, buildLockFile), String(2 ** 30));
    const unlock = lockSite(site);
    expect(readFileSync(path.join(site, buildLockFile), 'utf8')).toBe(String(process.pid));
    const other = mkdtempSync(path.join(tmpdir(), 'build-lock-'));
    try {
      lockSite(other)();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
    unlock();
    expect(existsSync(path.join(site, buildLockFile))).toBe(false);
    // A folder that does not exist is not made.
    lockSite(path.join(site, 'missing'))();
    expect(existsSync(path.join(site, 'missing'))).toBe(false);
  });
});
