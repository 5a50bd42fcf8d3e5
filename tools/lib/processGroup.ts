import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** A server process started in a process group of its own, and the way to stop the whole group. */
export interface GroupProcess {
  child: ChildProcess;
  /** Signals the group (by default SIGTERM) and resolves once the process has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

const running = new Set<number>();
let hooked = false;

/**
 * The last resort when the caller never stops what it started (a test that threw before its cleanup, a harness that
 * exits early): when this process exits, every group still running gets SIGKILL. An exit handler can only act
 * synchronously, so there is no waiting for a gentler signal to work. A process killed by a signal runs no exit
 * handler; `npm test` sweeps what such a run leaves (tools/lib/runMarker.mjs).
 */
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const pid of running) signalGroup(pid, 'SIGKILL');
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Spawns a server in its own process group, so that stopping it also stops every child it started (Prism and
 * `docusaurus serve` start children that would otherwise keep listening, parented to init), and so that a Ctrl-C
 * meant for the test runner reaches the server only through the runner's cleanup.
 */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions = {}): GroupProcess {
  hookExit();
  const child = spawn(command, args, { ...options, detached: true });
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  if (pid !== undefined) {
    running.add(pid);
    void exited.then(() => running.delete(pid));
  }
  return {
    child,
    stop: async (signal = 'SIGTERM') => {
      if (pid === undefined) return;
      if (child.exitCode === null && child.signalCode === null) signalGroup(pid, signal);
      await exited;
      // Children that outlived their leader (a worker finishing a request) are ended with it.
      signalGroup(pid, 'SIGKILL');
    },
  };
}
