/**
 * The table of `npm run bench -- --real`: the site built with every real document of the selection and GitHub's, one
 * row per document. Pure, so that what the bench reports is tested apart from the build that feeds it.
 */
export interface RealRow {
  slug: string;
  shape: string;
  calls: number;
  schemas: number;
  /** Calls whose page the build did not write. */
  missing: string[];
  /** Call pages without a curl sample. */
  withoutSample: string[];
  /** Pages visited in Chromium, and the console errors and exceptions they logged (`route: message`). */
  visited: number;
  errors: string[];
}

export interface RealBuild {
  wall: number;
  cpu: number;
  /** Peak resident set size of the build, bytes. */
  rss: number;
  pages: number;
  bytes: number;
}

const list = (items: string[]) =>
  items.length === 0 ? '0' : `${items.length}: ${items.slice(0, 3).join('; ')}${items.length > 3 ? '; …' : ''}`;

/** Whether every call of every document has a page with a sample, and every page loaded without an error. */
export function realPassed(rows: readonly RealRow[]): boolean {
  return rows.every((row) => row.missing.length === 0 && row.withoutSample.length === 0 && row.errors.length === 0);
}

export function realTable(rows: readonly RealRow[], build: RealBuild): string {
  const calls = rows.reduce((total, row) => total + row.calls, 0);
  return [
    `The site built with ${rows.length} real documents (${calls} calls): ${build.pages} pages, ` +
      `${(build.bytes / 1e6).toFixed(1)} MB, ${build.wall.toFixed(0)} s wall, ${build.cpu.toFixed(0)} s CPU, ` +
      `peak RSS ${(build.rss / 1e9).toFixed(2)} GB.`,
    '',
    '| document | shape | calls | schemas | call pages missing | without a sample | pages loaded | console errors |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((row) =>
      [
        '',
        row.slug,
        row.shape,
        row.calls,
        row.schemas,
        list(row.missing),
        list(row.withoutSample),
        row.visited,
        list(row.errors),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
    realPassed(rows)
      ? 'Every call has a page with a sample; every page loaded without an error.'
      : 'FAILED: see above.',
  ].join('\n');
}
