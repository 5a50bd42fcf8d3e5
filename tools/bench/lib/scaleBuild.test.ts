import { expect, test } from 'vitest';
import {
  combineTimeReports,
  parsePerfPhases,
  parseScales,
  parseTimeReport,
  scaleTable,
  type ScaleRow,
} from './scaleBuild';

test("GNU time's last report line: wall, CPU as user plus system, peak RSS in bytes", () => {
  expect(parseTimeReport('Command exited with non-zero status 0\n12.50 20.25 1.75 1048576\n')).toEqual({
    wall: 12.5,
    cpu: 22,
    rss: 1024 ** 3,
  });
  expect(() => parseTimeReport('Command terminated by signal 9')).toThrow(/wall user system maxrss/);
});

test("Docusaurus's perf log: top-level phases in seconds, colours and nested labels aside", () => {
  const log = [
    '\u001b[33m[PERF]\u001b[39m Build > en > Load site - \u001b[31m3.25 seconds!\u001b[39m - (Heap 1mb -> 2mb / Total 3mb)',
    '[PERF] Build > en > Load site > Load plugins - 2.00 seconds! - (Heap)',
    '[PERF] Build > en > Bundling with Rspack - 40.50 seconds! - (Heap)',
    '[PERF] Build > en > SSG - 750.00 ms - (Heap)',
    '[PERF] Build > en > postBuild() - 12.00 seconds! - (Heap)',
    '[INFO] something else',
  ].join('\n');
  expect(parsePerfPhases(log)).toEqual({ 'load site': 3.25, bundle: 40.5, SSG: 0.75, postBuild: 12 });
  // A build of two steps logs a phase per step: the site is loaded by each.
  const render =
    '[PERF] Build > en > Load site - 1.75 seconds! - (Heap)\n[PERF] Build > en > SSG - 5.00 seconds! - (Heap)';
  expect(parsePerfPhases(`${log}\n${render}`)).toEqual({ 'load site': 5, bundle: 40.5, SSG: 5.75, postBuild: 12 });
});

test('--scale values: whole, at least 1, sorted and unique; anything else is refused by name', () => {
  expect(parseScales('16,1,4,4')).toEqual([1, 4, 16]);
  for (const bad of [undefined, '', '0', '1,x', '2.5']) expect(() => parseScales(bad)).toThrow(/--scale/);
});

const row = (k: number, factor: number): ScaleRow => ({
  k,
  operations: 64 * k,
  wall: 60 * factor,
  cpu: 100 * factor,
  rss: 1024 ** 3,
  phases: { SSG: 10 * factor },
  pages: 200 * k,
  bytes: 20 * 1024 * 1024 * factor,
  htmlBytes: 10 * 1024 * 1024 * factor,
  mainJs: 300 * 1024,
  pageHtml: { '/api/data': 1024 * 1024 * k },
  pageJs: { guide: 500 * 1024 },
  searchBytes: 2 * 1024 * 1024 * k,
});

test('the table: a column per k in ascending order and the largest k against the smallest', () => {
  const markdown = scaleTable([row(16, 20), row(1, 1)]);
  const lines = markdown.split('\n');
  expect(lines[0]).toBe('| figure | k=1 | k=16 | k16/k1 |');
  expect(lines).toContain('| operations | 64 | 1,024 | 16.00x |');
  expect(lines).toContain('| build CPU | 100.0 s | 2000.0 s | 20.00x |');
  expect(lines).toContain('| phase: SSG | 10.0 s | 200.0 s | 20.00x |');
  // CPU per page: 20x the CPU over 16x the pages.
  expect(lines).toContain('| build CPU per page | 500 ms | 625 ms | 1.25x |');
  expect(lines).toContain('| guide JS | 500 KB | 500 KB | 1.00x |');
  expect(lines).toContain('| /api/data HTML | 1,024 KB | 16.0 MB | 16.00x |');
  expect(scaleTable([])).toBe('');
});

test("a build timed step by step: wall and CPU add up, the peak RSS is the largest step's", () => {
  const bundle = { wall: 90, cpu: 150, rss: 3e9 };
  const render = { wall: 200, cpu: 300, rss: 2e9 };
  expect(combineTimeReports([bundle, render])).toEqual({ wall: 290, cpu: 450, rss: 3e9 });
  expect(combineTimeReports([render, bundle]).rss).toBe(3e9);
});

test('the table has a peak RSS row per build step when the rows have them', () => {
  const withSteps = (k: number): ScaleRow => ({ ...row(k, k), stepRss: { bundle: k * 1e9, render: 1e9 } });
  const lines = scaleTable([withSteps(1), withSteps(4)]).split('\n');
  expect(lines).toContain('| peak RSS, bundle step | 953.7 MB | 3814.7 MB | 4.00x |');
  expect(lines).toContain('| peak RSS, render step | 953.7 MB | 953.7 MB | 1.00x |');
  expect(scaleTable([row(1, 1)])).not.toContain('step');
});
