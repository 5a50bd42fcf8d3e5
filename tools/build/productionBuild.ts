import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildSteps,
  carriedContentVariable,
  docusaurusBin,
  noPageCacheVariable,
  pageCacheRoot,
  pageCacheVariable,
  resolutionFileVariable,
  serverBundleFileVariable,
  serverBundleStep,
  stepEnvironment,
  type BuildStep,
} from '../../config/build';
import { pageCacheFile, pendingPageCacheFile, previousOutput } from '../../src/build/page-cache/ssg';
import { twinMemoFile } from '../../src/build/llms/twinMemo';
import { sidebarHintsFile } from '../../src/build/page-cache/sidebars';

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

/** `docusaurus build`'s flags that change neither the site folder nor the output folder, nor the pages' paths. */
const flagsWithoutFolders = new Set(['--no-minify', '--bundle-analyzer', '--dev']);

/**
 * The site folder and output folder a build's arguments name, as Docusaurus resolves them (`server/site.js`): the
 * first positional argument (default: the working folder), and `--out-dir` from it (default `build`). Any other
 * argument throws: the page cache moves the output folder aside and removes it, so a folder read wrongly here
 * (`--out-dir=x`, or a `--locale` that writes into a subfolder) must stop the build before anything is moved.
 */
export function buildFolders(args: readonly string[], cwd = process.cwd()): { siteDir: string; outDir: string } {
  const positionals: string[] = [];
  let outDirArg: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--out-dir' && index + 1 < args.length && outDirArg === undefined) outDirArg = args[(index += 1)];
    else if (flagsWithoutFolders.has(arg)) continue;
    else if (arg.startsWith('-') || positionals.length > 0)
      throw new Error(
        `the production build does not take ${JSON.stringify(arg)} (it takes a site folder and --out-dir <folder>)`,
      );
    else positionals.push(arg);
  }
  const given = path.resolve(cwd, positionals[0] ?? '.');
  const siteDir = existsSync(given) ? realpathSync(given) : given;
  return { siteDir, outDir: path.resolve(siteDir, outDirArg ?? 'build') };
}

/**
 * The page cache's folder for a build into `outDir` (one per output folder, so that two builds of one site into two
 * folders keep theirs), and the previous build's output moved into it, where the render step copies unchanged pages
 * from: Docusaurus empties the output folder before it bundles. Moved only when that folder has a cache, so an output
 * folder no build of this site wrote is never touched; nothing is moved when `NO_PAGE_CACHE=true`.
 */
export function preparePageCache(args: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const { siteDir, outDir } = buildFolders(args);
  const folder = path.join(siteDir, pageCacheRoot, createHash('sha256').update(outDir).digest('hex').slice(0, 16));
  if (env[noPageCacheVariable] === 'true') {
    // This build's pages will not be the ones the cache describes; nor is the twins' memo kept (the switch is the way
    // to a build that reuses nothing).
    rmSync(path.join(folder, pageCacheFile), { force: true });
    rmSync(path.join(folder, twinMemoFile), { force: true });
    return undefined;
  }
  const previous = path.join(folder, previousOutput);
  rmSync(previous, { recursive: true, force: true });
  rmSync(path.join(folder, pendingPageCacheFile), { force: true });
  // The bundle step writes them again; a bundle that does not (a plugin left out) must not leave the last build's.
  rmSync(path.join(siteDir, '.docusaurus', sidebarHintsFile), { force: true });
  if (existsSync(path.join(folder, pageCacheFile)) && existsSync(outDir)) {
    try {
      renameSync(outDir, previous);
    } catch (error) {
      // On another file system (or busy): the build renders every page, as on a first build.
      console.warn(
        `[page-cache] ${outDir} could not be moved aside (${error instanceof Error ? error.message : String(error)}): every page is rendered`,
      );
    }
  }
  return folder;
}

/** The lock's file in the site folder: in `.docusaurus`, which the build writes and git ignores. */
export const buildLockFile = path.join(pageCacheRoot, 'build.lock');

/** Whether a process of this number is running (one of another user's answers EPERM: running too). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One production build of a site folder at a time: two at once would write one `.docusaurus` and one page cache,
 * and each move the other's output folder aside. The lock is a file holding the build's process number, made only if
 * absent; a file whose process has ended (a build killed) is taken over. Returns what lets it go. A folder that does
 * not exist gets none (Docusaurus says it is missing; nothing is made in its place).
 */
export function lockSite(siteDir: string, pid = process.pid): () => void {
  const file = path.join(siteDir, buildLockFile);
  if (!existsSync(siteDir)) return () => undefined;
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, String(pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      // Let go between the two calls: try again.
      continue;
    }
    if (Number.isInteger(holder) && holder > 0 && running(holder)) {
      throw new Error(
        `another production build of ${siteDir} is running (process ${holder}); wait for it to end (if no build runs, remove ${file})`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new Error(`the build could not lock ${siteDir} (${file})`);
}

/**
 * A production build as config/build.ts lays it out: the steps one after the other, each `node` with the step's own
 * arguments, then `docusaurus build` with `args` (a site folder, `--out-dir x`), stopping at the first that fails.
 * When the bundle step left the server's compilation out (a site past `serverBundleApartFromRoutes`), the server
 * step makes it before the render step. The files the steps share live in a folder of their own, removed once the
 * build ends, whatever its outcome. One build a site folder at a time (`lockSite`).
 */
export async function productionBuild(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  runStep: StepRunner,
): Promise<StepResult & { failedStep?: BuildStep['name'] }> {
  // First: it throws on arguments it cannot read, before anything is made or moved; then one build a site at a time.
  const unlock = lockSite(buildFolders(args).siteDir);
  try {
    return await lockedBuild(args, env, runStep);
  } finally {
    unlock();
  }
}

async function lockedBuild(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  runStep: StepRunner,
): Promise<StepResult & { failedStep?: BuildStep['name'] }> {
  const cacheFolder = preparePageCache(args, env);
  const folder = mkdtempSync(path.join(tmpdir(), 'arena-build-'));
  const serverBundleFile = path.join(folder, 'server-bundle.json');
  const shared = {
    [resolutionFileVariable]: path.join(folder, 'resolved-documents.json'),
    [carriedContentVariable]: path.join(folder, 'carried'),
    [serverBundleFileVariable]: serverBundleFile,
    ...(cacheFolder ? { [pageCacheVariable]: cacheFolder } : {}),
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
        if (result.code !== 0) {
          // The output folder is now part of this build's: its pages are no longer the ones the cache describes.
          if (cacheFolder) rmSync(path.join(cacheFolder, pageCacheFile), { force: true });
          return { code: result.code, output, failedStep: run.name };
        }
      }
    }
    // The build ended well, its checks included: the render step's cache describes its output from now on.
    if (cacheFolder && existsSync(path.join(cacheFolder, pendingPageCacheFile))) {
      renameSync(path.join(cacheFolder, pendingPageCacheFile), path.join(cacheFolder, pageCacheFile));
    }
    return { code: 0, output };
  } finally {
    rmSync(folder, { recursive: true, force: true });
    if (cacheFolder) {
      rmSync(path.join(cacheFolder, previousOutput), { recursive: true, force: true });
      rmSync(path.join(cacheFolder, pendingPageCacheFile), { force: true });
    }
  }
}
