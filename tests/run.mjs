#!/usr/bin/env node
/**
 * `npm test`: first the system packages the tests need (installed when it runs as root on Debian, otherwise it stops
 * before any test, naming the one command to run); then lint, spelling, formatting, OpenAPI lint and typecheck (side
 * by side), then unit tests, integration tests, production build and browser tests, in that order, then a summary.
 * A step whose prerequisite failed is skipped (the browser tests need the build), the others still run, so one run
 * shows every problem. Exits non-zero when any step failed. Whatever a step leaves running is stopped after it, and
 * everything the run started is stopped when it is interrupted.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { runMarkerVariable, stopRun } from '../tools/lib/runMarker.mjs';
import { provision } from './harness/systemPackages.mjs';

const marker = randomUUID();
process.env[runMarkerVariable] = marker;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    console.log(`\n[test] ${signal}: stopping everything this run started`);
    void stopRun(marker).then(() => process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 0)));
  });
}

try {
  console.log(`[test] ${provision()}`);
} catch (error) {
  console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

const bin = (name) => `node_modules/.bin/${name}`;

/**
 * Steps of one `together` group run at the same time, each output printed whole when it ends. The static checks are
 * mostly single-threaded: side by side on two cores they took 62 s here, one after another 74 s.
 * A `live` step of a group prints as it goes, the others when they end.
 * @type {{ name: string; command: string[]; together?: string; live?: boolean; needs?: string[]; check?: (output: string) => string | undefined }[]}
 */
const steps = [
  { name: 'lint', together: 'static', command: [bin('eslint'), '.', '--max-warnings', '0'] },
  // The house's layers (.dependency-cruiser.cjs): config is data, core runs in the browser, no plugin imports another.
  { name: 'layers', together: 'static', command: ['npm', 'run', 'lint:layers', '--silent'] },
  // Spell-check of the prose (guides, API pages, README) against cspell-words.txt, the project's word list.
  { name: 'spell', together: 'static', command: [bin('cspell'), '--no-progress', '--no-summary'] },
  { name: 'format', together: 'static', command: [bin('prettier'), '--check', '.', '--log-level', 'warn'] },
  // Redocly's lint of every API's document of config/apis.ts, with openapi/redocly.yaml's ruleset.
  { name: 'openapi', together: 'static', command: [bin('tsx'), 'tools/lint-openapi/main.ts'] },
  { name: 'typecheck', together: 'static', command: [bin('tsc'), '--noEmit'] },
  ...['unit', 'integration'].map((tier) => ({
    name: tier,
    ...(tier === 'integration' ? { together: 'integration', live: true } : {}),
    command: [
      bin('vitest'),
      'run',
      '--project',
      tier,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=test-results/${tier}.json`,
    ],
  })),
  // The browser tier's variant build (tests/e2e/support/variants.ts): in the browser tier's setup it held every test
  // back for 40 to 60 s; here it is some 51 s of CPU (measured) spread over the integration tier's 5 minutes. Beside
  // the integration tier, not the main build: it records the main build's files unchanged around it, which no build
  // writing them at the same time would let it prove. The setup serves it when it was built in this run from the
  // same files, and builds it otherwise.
  { name: 'variants', together: 'integration', command: [bin('tsx'), 'tests/e2e/support/prebuildVariants.ts'] },
  {
    name: 'build',
    // `npm run build`: the site, then the precompressed twins nginx serves (tools/build/precompressMain.ts).
    command: ['npm', 'run', 'build', '--silent'],
    // The config only warns on broken links (spec §2); the test run does not accept them.
    check: (output) =>
      /found broken (links|anchors|markdown links)/i.test(output) ? 'the build reported broken links' : undefined,
  },
  { name: 'e2e', command: [bin('playwright'), 'test'], needs: ['build'] },
];

/** Runs a step; a step run beside others has its output held and printed whole when it ends. */
async function run(step, { held }) {
  const blocked = (step.needs ?? []).filter((need) => results.get(need)?.status !== 'passed');
  if (blocked.length > 0) return { status: 'skipped', seconds: 0, detail: `needs ${blocked.join(', ')}` };
  const heading = `\n▶ ${step.name}: ${step.command.join(' ')}\n`;
  if (!held) process.stdout.write(heading);
  const started = Date.now();
  const piped = held || step.check !== undefined;
  const child = spawn(step.command[0], step.command.slice(1), {
    stdio: piped ? ['inherit', 'pipe', 'pipe'] : 'inherit',
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      output += `${error.message}\n`;
      resolve(null);
    });
    child.on('close', (exitCode, signal) => resolve(exitCode ?? signal));
  });
  if (piped) process.stdout.write(`${held ? heading : ''}${output}`);
  const detail = code === 0 ? step.check?.(output) : `exit code ${code}`;
  const status = detail === undefined ? 'passed' : 'failed';
  return { status, seconds: (Date.now() - started) / 1000, detail };
}

mkdirSync('test-results', { recursive: true });
const results = new Map();
for (let index = 0; index < steps.length;) {
  const group = steps[index].together;
  let end = index + 1;
  while (group !== undefined && end < steps.length && steps[end].together === group) end += 1;
  const batch = steps.slice(index, end);
  index = end;
  const outcomes = await Promise.all(batch.map((step) => run(step, { held: batch.length > 1 && !step.live })));
  batch.forEach((step, at) => results.set(step.name, outcomes[at]));
  const left = await stopRun(marker);
  if (left.length > 0) {
    const names = batch.map((step) => step.name).join(', ');
    console.log(`[test] ${names} left ${left.length} process(es) running; stopped:`);
    for (const { pid, command } of left) console.log(`  ${pid} ${command.slice(0, 160)}`);
  }
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}
const unit = readJson('test-results/unit.json');
const integration = readJson('test-results/integration.json');
const e2e = results.get('e2e')?.status === 'skipped' ? undefined : readJson('test-results/e2e.json');
const vitestPassed = (unit?.numPassedTests ?? 0) + (integration?.numPassedTests ?? 0);
const vitestFailed = (unit?.numFailedTests ?? 0) + (integration?.numFailedTests ?? 0);
const passed = vitestPassed + (e2e?.stats?.expected ?? 0);
const failed = vitestFailed + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);

console.log('\nSummary');
for (const [name, result] of results) {
  const mark = { passed: '✔', failed: '✘', skipped: '–' }[result.status];
  console.log(
    `  ${mark} ${name.padEnd(10)} ${result.status.padEnd(8)} ${result.seconds.toFixed(1).padStart(6)} s  ${result.detail ?? ''}`,
  );
}
const failedSteps = [...results.values()].filter((result) => result.status !== 'passed').length;
// A failed check that is not a test runner (lint, build...), or a runner that failed without a failing test
// (a crash), still counts as a failure on the closing line, so no reader of that line mistakes the run for green.
const failedWithoutTests = [...results.entries()].filter(
  ([name, result]) =>
    result.status === 'failed' &&
    !(name === 'unit' && (unit?.numFailedTests ?? 0) > 0) &&
    !(name === 'integration' && (integration?.numFailedTests ?? 0) > 0) &&
    !(name === 'e2e' && (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0) > 0),
).length;
console.log(
  `\nunit tests: ${unit?.numPassedTests ?? 0}, integration tests: ${integration?.numPassedTests ?? 0}, browser tests: ${e2e?.stats?.expected ?? 0}`,
);
console.log(`tests: ${passed} passed, ${failed + failedWithoutTests} failed`);
process.exit(failedSteps > 0 ? 1 : 0);
