import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { chromiumPath, testChromiumPath } from '../../tools/lib/browserPaths.mjs';

/**
 * The system packages `npm test` needs beyond Node: the one list of them. `provision()` (the first step of
 * `tests/run.mjs`) reads it, and the README's install command is checked against `installCommand()`.
 * Each names the Debian package and how to tell it is there; `for` says which tests need it.
 * @type {{ name: string; for: string; present: () => boolean }[]}
 */
export const systemPackages = [
  {
    name: 'chromium-headless-shell',
    for: 'browser tests',
    present: () => existsSync(testChromiumPath),
  },
  {
    name: 'chromium',
    for: "the favicon test (only the whole browser asks for a tab's icon), and the bench's browser, whose flags a test checks",
    present: () => existsSync(chromiumPath),
  },
  { name: 'nginx', for: 'the production server tests', present: () => nginxPresent() },
  ...['filter', 'static'].map((kind) => ({
    name: `libnginx-mod-http-brotli-${kind}`,
    for: 'brotli on the production server',
    present: () => existsSync(`/usr/lib/nginx/modules/ngx_http_brotli_${kind}_module.so`),
  })),
  { name: 'golang-go', for: 'the Go samples', present: () => onPath('go') },
  { name: 'mono-mcs', for: 'the C# samples', present: () => onPath('mcs') },
  {
    name: 'libmono-system-net-http4.0-cil',
    for: "the C# samples' HttpClient",
    present: () => findFile('/usr/lib/mono', 'System.Net.Http.dll', 4),
  },
  { name: 'default-jdk-headless', for: 'the Java samples', present: () => onPath('javac') },
  { name: 'php-cli', for: 'the PHP samples', present: () => onPath('php') },
  { name: 'ruby', for: 'the Ruby samples', present: () => onPath('ruby') },
  {
    // Ruby 3 no longer ships WEBrick; the webhook handler sample serves with it, as its page says.
    name: 'ruby-webrick',
    for: "the Ruby webhook handler's server",
    present: () => onPath('ruby') && spawnSync('ruby', ['-e', 'require "webrick"'], { stdio: 'ignore' }).status === 0,
  },
  { name: 'perl', for: 'the Perl samples', present: () => onPath('perl') },
  { name: 'python3', for: 'the Python samples', present: () => onPath('python3') },
  { name: 'curl', for: 'the curl samples', present: () => onPath('curl') },
  { name: 'jq', for: "the recipes' shell programs", present: () => onPath('jq') },
];

function nginxPresent() {
  if (process.env.NGINX_BIN) return existsSync(process.env.NGINX_BIN);
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].some((bin) => existsSync(bin));
}

/** Whether an executable of that name is on PATH. */
export function onPath(command, searchPath = process.env.PATH ?? '') {
  return searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(path.join(dir, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

function findFile(dir, name, depth) {
  if (depth < 0 || !existsSync(dir)) return false;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((entry) =>
    entry.isDirectory() ? findFile(path.join(dir, entry.name), name, depth - 1) : entry.name === name,
  );
}

/** The one command that installs every package of the list, as the README shows it. */
export function installCommand(names = systemPackages.map((item) => item.name)) {
  return `sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`;
}

/** The packages of the list that are not on this machine. */
export function missingPackages(list = systemPackages) {
  return list.filter((item) => !item.present());
}

/**
 * Installs what is missing when it can (root, with apt-get), quietly, and returns a one-line summary; otherwise
 * throws naming the missing packages and the one command to install them, before any test has run.
 * `run` and `isRoot` are parameters so the decision can be tested without installing anything.
 */
export function provision({
  list = systemPackages,
  isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
  hasAptGet = onPath('apt-get'),
  run = runApt,
} = {}) {
  const missing = missingPackages(list);
  if (missing.length === 0) return `system packages: all ${list.length} present`;
  const names = missing.map((item) => item.name);
  const needs = missing.map((item) => `${item.name} (${item.for})`).join(', ');
  if (!isRoot || !hasAptGet) {
    const why = isRoot ? 'apt-get is not available here' : 'not running as root, so they are not installed for you';
    throw new Error(`missing system packages: ${needs}; ${why}. Install them with:\n  ${installCommand(names)}`);
  }
  const started = Date.now();
  run(['update', '-qq']);
  run(['install', '-y', '-qq', ...names]);
  const still = missingPackages(missing);
  if (still.length > 0) {
    throw new Error(`apt-get installed, but still missing: ${still.map((item) => item.name).join(', ')}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  return `system packages: installed ${names.join(', ')} with apt-get in ${seconds} s`;
}

/** apt-get with its output kept unless it fails: the summary line is what a run shows. */
function runApt(args) {
  const result = spawnSync('apt-get', args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status}):\n${output}`);
  }
}
