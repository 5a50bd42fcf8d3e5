/** Pure pieces of `npm run bench`: medians, ratios against an anchor, and the printed table. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface Figure {
  /** What is measured, such as `build time (s)`. */
  name: string;
  /** The subject's median. */
  value: number;
  /** What it is held against, and that anchor's median in the same run. */
  anchorName: string;
  anchor: number;
  unit: string;
  runs: number;
}

export function ratio(figure: Pick<Figure, 'value' | 'anchor'>): number {
  return figure.anchor === 0 ? Number.NaN : figure.value / figure.anchor;
}

function show(value: number, unit: string): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'B') return `${Math.round(value / 1024).toLocaleString('en')} KB`;
  if (unit === 'ms') return `${Math.round(value).toLocaleString('en')} ms`;
  if (unit === 's') return `${value.toFixed(1)} s`;
  if (unit === '%') return `${value.toFixed(1)} %`;
  return `${Math.round(value)}`;
}

/** A plain-text table, one figure a row, with the ratio against its anchor. */
export function table(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => [
    figure.name,
    show(figure.value, figure.unit),
    `${figure.anchorName}: ${show(figure.anchor, figure.unit)}`,
    Number.isFinite(ratio(figure)) ? `${ratio(figure).toFixed(2)}x` : 'n/a',
    String(figure.runs),
  ]);
  const header = ['figure', 'value (median)', 'anchor (median)', 'ratio', 'runs'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
