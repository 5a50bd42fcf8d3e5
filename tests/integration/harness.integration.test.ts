import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { processesOfRun, runMarkerVariable, stopRun } from '../../tools/lib/runMarker.mjs';

/**
 * The harness's own test: runs that start the suites' servers (`docusaurus serve`, nginx, Prism: see
 * tests/fixtures/harness) and then fail, crash, are interrupted or killed, and what is left listening afterwards.
 * Each run carries a run marker of its own, as `npm test` gives its steps, so what it leaves can be found.
 */
const harness = path.resolve('tests/fixtures/harness');

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** What is still up a moment after a run ended: ports listening and processes carrying its marker. */
async function leftAfter(ports: number[], marker: string): Promise<{ ports: number[]; processes: string[] }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = (await Promise.all(ports.map(async (port) => ((await listening(port)) ? [port] : [])))).flat();
    const processes = processesOfRun(marker).map((found) => found.command);
    if ((open.length === 0 && processes.length === 0) || Date.now() > deadline) return { ports: open, processes };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Temporary folders of this file's runs, removed after each test: a run killed here cannot remove its own. */
const folders: string[] = [];
function newFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

function start(args: string[], marker: string, env: Record<string, string> = {}): ChildProcess {
  // Its own group, as a terminal gives the command it runs: Ctrl-C signals the whole group. Its own TMPDIR, so
  // that what its servers write there goes with the test's folders.
  return spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TMPDIR: newFolder('portal-harness-tmp-'), ...env, [runMarkerVariable]: marker },
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** The ports a `run.ts` prints once its servers answer. */
function portsPrinted(child: ChildProcess): Promise<number[]> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{"ports"'));
      if (line) resolve((JSON.parse(line) as { ports: number[] }).ports);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`the run ended before its servers answered:\n${output}`)));
  });
}

async function portsWritten(file: string, child: ChildProcess): Promise<number[]> {
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error('the suite ended before its servers answered');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (JSON.parse(readFileSync(file, 'utf8')) as { ports: number[] }).ports;
}

// Whatever a failing assertion here leaves behind is still stopped: this test must not leak what it checks for.
const markers: string[] = [];
afterEach(async () => {
  await Promise.all(markers.splice(0).map((marker) => stopRun(marker)));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newMarker(): string {
  const marker = randomUUID();
  markers.push(marker);
  return marker;
}

const tsx = ['--import', 'tsx', path.join(harness, 'run.ts')];

test('a run that crashes after starting its servers leaves none of them running', async () => {
  const marker = newMarker();
  const run = start([...tsx, 'crash'], marker);
  const ports = await portsPrinted(run);
  expect(await exited(run)).not.toBe(0);
  expect(await leftAfter(ports, marker)).toEqual({ ports: [], processes: [] });
});

test("a runner killed outright (a timeout's SIGKILL) leaves servers that npm test's sweep then stops", async () => {
  const marker = newMarker();
  const run = start([...tsx, 'hang'], marker);
  const ports = await portsPrinted(run);
  process.kill(run.pid ?? 0, 'SIGKILL');
  await exited(run);
  // Nothing in a killed process can clean up: its servers, each in a group of its own, are still there...
  expect((await Promise.all(ports.map(listening))).some(Boolean)).toBe(true);
  // ...until the sweep `npm test` runs after every step finds them by the run's marker.
  expect((await stopRun(marker)).length).toBeGreaterThan(0);
  expect(await leftAfter(ports, marker)).toEqual({ ports: [], processes: [] });
});

/** The harness's Playwright suite (tests/fixtures/harness), run with the marker; its setup writes the ports to `file`. */
function startSuite(marker: string, env: Record<string, string> = {}): { run: ChildProcess; file: string } {
  const dir = newFolder('portal-harness-run-');
  const file = path.join(dir, 'ports.json');
  const playwright = path.resolve('node_modules/@playwright/test/cli.js');
  const run = start([playwright, 'test', '--config', path.join(harness, 'playwright.config.ts')], marker, {
    HARNESS_PORTS_FILE: file,
    HARNESS_OUTPUT_DIR: path.join(dir, 'output'),
    ...env,
  });
  return { run, file };
}

test('a browser suite that fails leaves none of its servers running', async () => {
  const marker = newMarker();
  const { run, file } = startSuite(marker);
  expect(await exited(run)).toBe(1);
  const ports = await portsWritten(file, run);
  expect(ports).toHaveLength(3);
  expect(await leftAfter(ports, marker)).toEqual({ ports: [], processes: [] });
});

test('Ctrl-C during a browser suite stops its servers', async () => {
  const marker = newMarker();
  const { run, file } = startSuite(marker, { HARNESS_SHOULD_PASS: 'yes', HARNESS_WAIT: '1' });
  const ports = await portsWritten(file, run);
  expect((await Promise.all(ports.map(listening))).every(Boolean)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  process.kill(-(run.pid ?? 0), 'SIGINT');
  await exited(run);
  expect(await leftAfter(ports, marker)).toEqual({ ports: [], processes: [] });
});
