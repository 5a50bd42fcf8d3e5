import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { processesOfRun, runMarkerVariable, stopRun, withRunMarker } from './runMarker.mjs';

const markers: string[] = [];
afterEach(async () => {
  await Promise.all(markers.splice(0).map((marker) => stopRun(marker, { graceMs: 500 })));
});

test('finds a process by its marker, detached or not, and stops it with its group', async () => {
  const marker = randomUUID();
  markers.push(marker);
  const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore', env: { [runMarkerVariable]: marker } });
  const gone = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(processesOfRun(marker).map((found) => found.pid)).toEqual([child.pid]);
  expect(processesOfRun(randomUUID())).toEqual([]);
  expect((await stopRun(marker)).map((found) => found.command)).toEqual(['sleep 30']);
  await gone;
  expect(processesOfRun(marker)).toEqual([]);
});

test("withRunMarker adds this run's marker to an environment of a test's own, and nothing without one", () => {
  const saved = process.env[runMarkerVariable];
  try {
    process.env[runMarkerVariable] = 'run-1';
    expect(withRunMarker({ PATH: '/bin' })).toEqual({ PATH: '/bin', [runMarkerVariable]: 'run-1' });
    delete process.env[runMarkerVariable];
    expect(withRunMarker({ PATH: '/bin' })).toEqual({ PATH: '/bin' });
  } finally {
    if (saved === undefined) delete process.env[runMarkerVariable];
    else process.env[runMarkerVariable] = saved;
  }
});
