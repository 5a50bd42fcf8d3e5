/**
 * Pure pieces of the benchmark's scale axis (`npm run bench -- --scale 1,4,16`): what a build at each size is
 * measured by, read from what the build leaves behind (GNU time's report, Docusaurus's perf log, the output folder's
 * files), and the table of those figures per size with the largest size's ratio to the smallest.
 */

/** One build of the site with every API's document scaled k times. */
export interface ScaleRow {
  k: number;
  operations: number;
  /** Seconds. */
  wall: number;
  /** Seconds of CPU, user and system, of the build and everything it started. */
  cpu: number;
  /** Peak resident set of the largest process, bytes. */
  rss: number;
  /** The same per build step (config/build.ts: bundle, render), bytes. */
  stepRss?: Record<string, number>;
  /** Seconds per build phase, from Docusaurus's perf log. */
  phases: Record<string, number>;
  pages: number;
  /** Output bytes, the precompressed twins left out. */
  bytes: number;
  htmlBytes: number;
  /** Bytes of `main.*.js`, which every page loads. */
  mainJs: number;
  /** Per page type: HTML bytes of its route, JavaScript a browser executes loading it. */
  pageHtml: Record<string, number>;
  pageJs: Record<string, number>;
  searchBytes: number;
  /** The anchor: JavaScript of a doc page of a vanilla Docusaurus site with as many pages. */
  vanillaDocJs?: number;
}

/** GNU time's `-f '%e %U %S %M'` report: wall seconds, user and system CPU seconds, peak RSS in KiB. */
export function parseTimeReport(report: string): { wall: number; cpu: number; rss: number } {
  const line = report
    .trim()
    .split('\n')
    .map((candidate) => candidate.trim())
    .reverse()
    .find((candidate) => /^[\d.]+ [\d.]+ [\d.]+ \d+$/.test(candidate));
  if (!line) throw new Error(`no "wall user system maxrss" line in the time report: ${report.slice(-300)}`);
  const [wall, user, system, kib] = line.split(' ').map(Number);
  return { wall, cpu: user + system, rss: kib * 1024 };
}

/** One report for a build timed a step at a time: wall and CPU add up, the peak is the largest step's. */
export function combineTimeReports(steps: readonly { wall: number; cpu: number; rss: number }[]): {
  wall: number;
  cpu: number;
  rss: number;
} {
  return {
    wall: steps.reduce((total, step) => total + step.wall, 0),
    cpu: steps.reduce((total, step) => total + step.cpu, 0),
    rss: Math.max(0, ...steps.map((step) => step.rss)),
  };
}

/** Docusaurus's top-level build phases as its perf log labels them (`DOCUSAURUS_PERF_LOGGER=true`). */
const phaseLabels: [string, RegExp][] = [
  ['load site', /^Build > en > Load site$/],
  ['bundle', /^Build > en > Bundling with /],
  ['SSG', /^Build > en > SSG$/],
  ['postBuild', /^Build > en > postBuild\(\)$/],
  ['broken links', /^Build > en > Broken links checker$/],
];

// The perf log is coloured; the escape codes go before matching.
// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;

/**
 * Seconds of each top-level build phase found in the log (a phase the log does not show is left out), added up over
 * the build's steps: each step loads the site.
 */
export function parsePerfPhases(log: string): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const raw of log.split('\n')) {
    const match = /^\[PERF\](?:\[KO\])? (.+) - ([\d.]+) (ms|seconds!)/.exec(raw.replace(ansi, '').trim());
    if (!match) continue;
    const [, label, amount, unit] = match;
    const phase = phaseLabels.find(([, pattern]) => pattern.test(label));
    if (phase) phases[phase[0]] = (phases[phase[0]] ?? 0) + Number(amount) / (unit === 'ms' ? 1000 : 1);
  }
  return phases;
}

/** The k values of `--scale 1,4,16`: whole numbers of at least 1, ascending, without repeats. */
export function parseScales(argument: string | undefined): number[] {
  const values = (argument ?? '').split(',').map((item) => Number(item.trim()));
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value < 1)) {
    throw new Error(`--scale takes whole numbers of at least 1, comma-separated (1,4,16), not "${argument ?? ''}"`);
  }
  return [...new Set(values)].sort((a, b) => a - b);
}

type Unit = 's' | 'B' | 'n';

/** The rows of the table: a label, how to read it off a build, its unit, and the target for the ratio (if any). */
export function scaleFigures(
  rows: readonly ScaleRow[],
): { label: string; unit: Unit; of: (row: ScaleRow) => number }[] {
  const pageTypes = Object.keys(rows[0]?.pageJs ?? {});
  const phaseNames = [...new Set(rows.flatMap((row) => Object.keys(row.phases)))];
  return [
    { label: 'operations', unit: 'n', of: (row) => row.operations },
    { label: 'pages', unit: 'n', of: (row) => row.pages },
    { label: 'build wall', unit: 's', of: (row) => row.wall },
    { label: 'build CPU', unit: 's', of: (row) => row.cpu },
    ...phaseNames.map((phase) => ({
      label: `phase: ${phase}`,
      unit: 's' as const,
      of: (row: ScaleRow) => row.phases[phase] ?? NaN,
    })),
    { label: 'build CPU per page', unit: 's', of: (row) => row.cpu / row.pages },
    { label: 'peak RSS', unit: 'B', of: (row) => row.rss },
    ...[...new Set(rows.flatMap((row) => Object.keys(row.stepRss ?? {})))].map((step) => ({
      label: `peak RSS, ${step} step`,
      unit: 'B' as const,
      of: (row: ScaleRow) => row.stepRss?.[step] ?? NaN,
    })),
    { label: 'build bytes', unit: 'B', of: (row) => row.bytes },
    { label: 'HTML bytes', unit: 'B', of: (row) => row.htmlBytes },
    { label: 'bytes per page', unit: 'B', of: (row) => row.bytes / row.pages },
    { label: 'main.js', unit: 'B', of: (row) => row.mainJs },
    ...Object.keys(rows[0]?.pageHtml ?? {}).map((page) => ({
      label: `${page} HTML`,
      unit: 'B' as const,
      of: (row: ScaleRow) => row.pageHtml[page] ?? NaN,
    })),
    ...pageTypes.map((page) => ({
      label: `${page} JS`,
      unit: 'B' as const,
      of: (row: ScaleRow) => row.pageJs[page] ?? NaN,
    })),
    { label: 'search index', unit: 'B', of: (row) => row.searchBytes },
    { label: 'vanilla Docusaurus doc page JS, as many pages', unit: 'B', of: (row) => row.vanillaDocJs ?? NaN },
  ];
}

function show(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 's') return value < 1 ? `${(value * 1000).toFixed(0)} ms` : `${value.toFixed(1)} s`;
  if (unit === 'B') {
    if (value >= 10 * 1024 * 1024) return `${(value / 1024 / 1024).toFixed(1)} MB`;
    return `${Math.round(value / 1024).toLocaleString('en')} KB`;
  }
  return Math.round(value).toLocaleString('en');
}

/** A Markdown table: one figure a row, one column per k, and the largest k's ratio to the smallest. */
export function scaleTable(rows: readonly ScaleRow[]): string {
  const sorted = [...rows].sort((a, b) => a.k - b.k);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return '';
  const ratioHeader = `k${last.k}/k${first.k}`;
  const header = ['figure', ...sorted.map((row) => `k=${row.k}`), ratioHeader];
  const lines = scaleFigures(sorted).map(({ label, unit, of }) => {
    const ratio = of(last) / of(first);
    return [
      label,
      ...sorted.map((row) => show(of(row), unit)),
      Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'n/a',
    ];
  });
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [row(header), row(header.map((_, index) => (index === 0 ? '---' : '---:'))), ...lines.map(row)].join('\n');
}
