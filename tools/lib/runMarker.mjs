import { readdirSync, readFileSync } from 'node:fs';
import process from 'node:process';

/**
 * Every process a test run starts inherits this variable, with a value of that run's own: detached servers, their
 * children and a browser included, since each starts from its parent's environment. So what a run left behind
 * can be found after its runner has gone, however it went (a crash, a timeout's SIGKILL, Ctrl-C), even once the
 * processes are parented to init and out of any process group the runner knew. nginx is the exception: it writes
 * its process title over its environment, so its prefix folder carries the marker instead (`nginxPrefix`), and its
 * workers go with its process group. Linux only (/proc); elsewhere nothing is found and the servers' own cleanup
 * is all there is.
 */
export const runMarkerVariable = 'PORTAL_TEST_RUN';

/** The processes (other than this one) whose environment carries `marker`, with their command lines. */
export function processesOfRun(marker) {
  const wanted = `${runMarkerVariable}=${marker}`;
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found = [];
  for (const pid of pids.map(Number)) {
    if (pid === process.pid) continue;
    try {
      const environment = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      // A zombie has no command line and holds nothing; its parent reaps it.
      if (command && (environment.includes(wanted) || command.includes(marker))) {
        found.push({ pid, command, group: processGroup(pid) });
      }
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found;
}

/** The process group of a process (field 5 of /proc/PID/stat, counted after the command's closing parenthesis). */
function processGroup(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/**
 * Stops every process of the run, with the process group of each (never the caller's own group): SIGTERM, then
 * SIGKILL for what is still there after `graceMs`. Returns what it found, so the runner can say what a step left
 * behind.
 */
export async function stopRun(marker, { graceMs = 3000 } = {}) {
  const own = processGroup(process.pid);
  const hit = (name) => {
    for (const { pid, group } of processesOfRun(marker)) {
      signal(pid, name);
      if (group !== own && group > 1) signal(-group, name);
    }
  };
  const found = processesOfRun(marker);
  hit('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && processesOfRun(marker).length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  hit('SIGKILL');
  return found;
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * `env` with this run's marker, for a test that starts a process with an environment of its own rather than its
 * runner's: without the marker, what it leaves behind cannot be found (a Prism started so outlived a failed run).
 * @template {Record<string, string | undefined>} T
 * @param {T} env
 * @returns {T}
 */
export function withRunMarker(env) {
  const marker = process.env[runMarkerVariable];
  return marker ? { ...env, [runMarkerVariable]: marker } : env;
}
