import { createRequire } from 'node:module';
import path from 'node:path';
import { cachedSsg, type ExecuteSsg, type SsgArguments } from './ssg';

const installed = Symbol.for('arena.pageCache');
const executorFile = '@docusaurus/core/lib/ssg/ssgExecutor.js';

/**
 * The `ssgExecutor.js` module the running build uses: the one already loaded (its build command requires it before any
 * plugin loads) whose package's build command is loaded too; failing that, the site's own. Not just the site's: a site
 * whose folder resolves another copy of Docusaurus than the one running would have the wrapper put where no build
 * reads it.
 */
export function runningExecutor(
  siteDir: string,
  loaded?: NodeJS.Require['cache'],
): { file: string; require: NodeJS.Require } {
  const siteRequire = createRequire(path.join(siteDir, 'package.json'));
  // Node's one module cache, whichever require it is read through.
  loaded ??= siteRequire.cache;
  const ending = `${path.sep}${executorFile.split('/').join(path.sep)}`;
  const running = Object.keys(loaded).filter(
    (file) =>
      file.endsWith(ending) && loaded[path.join(path.dirname(file), '../commands/build/buildLocale.js')] !== undefined,
  );
  return running.length === 1
    ? { file: running[0], require: createRequire(running[0]) }
    : { file: siteRequire.resolve(executorFile), require: siteRequire };
}

/**
 * Puts `cachedSsg` in place of Docusaurus's `executeSSG`, which its build (`commands/build/buildLocale.js`) reads from
 * the module's exports when it renders: Docusaurus has no hook around its static-site generation. Throws when the
 * module no longer has it. A site on the hash router (one page, nothing to cache) goes to Docusaurus's own. Returns a
 * check for postBuild: whether the render went through the wrapper (an upgrade that keeps the export but stops reading
 * it through the module would turn the cache off; the check says so, not a stale page).
 */
export function installPageCache(
  siteDir: string,
  folder: string,
  log: (message: string) => void,
  loaded?: NodeJS.Require['cache'],
): { wentThrough: () => boolean } {
  const { file, require: executorRequire } = runningExecutor(siteDir, loaded);
  const executor = executorRequire(file) as Record<string | symbol, unknown>;
  const { version } = executorRequire(path.join(path.dirname(file), '../../package.json')) as { version: string };
  const original = executor.executeSSG;
  if (typeof original !== 'function') {
    throw new Error(`[page-cache] ${executorFile} no longer exports executeSSG`);
  }
  // Installed once per process (the plugin is loaded again when a build reloads its site); each load names its own
  // folder and log, and is asked afresh whether its render went through.
  interface Installed {
    called: boolean;
    folder: string;
    log: (message: string) => void;
  }
  const known = executor[installed] as Installed | undefined;
  const state: Installed = known ?? { called: false, folder, log };
  Object.assign(state, { called: false, folder, log });
  if (!known) {
    executor[installed] = state;
    executor.executeSSG = (args: SsgArguments) => {
      state.called = true;
      if (args.router === 'hash') return (original as ExecuteSsg)(args);
      return cachedSsg(args, original as ExecuteSsg, state.folder, version, (said) =>
        state.log(
          `[page-cache] ${said.reused} pages copied from the previous build, ${said.rendered} rendered` +
            (said.reason ? ` (${said.reason})` : ''),
        ),
      );
    };
  }
  return { wentThrough: () => state.called };
}
