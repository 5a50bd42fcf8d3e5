import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The relevance set (tests/relevance/search.yaml): queries, the result that should come first, and the targets. */
export interface RelevanceSet {
  targets: { mrr: number; top3: number };
  queries: { query: string; expect: string | string[] }[];
}

export function relevanceSet(file = path.resolve('tests/relevance/search.yaml')): RelevanceSet {
  return parse(readFileSync(file, 'utf8')) as RelevanceSet;
}

/** A route as compared: no trailing slash before the end or the anchor (`/a/#b` and `/a#b` are one place). */
function canonical(url: string): string {
  return url.replace(/\/(?=#|$)/, '');
}

/**
 * The rank (1-based) of the first result that is an expected answer, or 0. An expected answer with an anchor needs
 * that anchor; one without accepts any section of its page.
 */
export function rankOf(results: readonly string[], expected: string | readonly string[]): number {
  const answers = [expected].flat().map(canonical);
  const index = results
    .map(canonical)
    .findIndex((url) =>
      answers.some((answer) => (answer.includes('#') ? url === answer : url.split('#')[0] === answer)),
    );
  return index + 1;
}

export interface RelevanceFigures {
  mrr: number;
  top3: number;
  rows: { query: string; rank: number; first: string[] }[];
}

/** Mean reciprocal rank and the share of queries answered in the top 3, from each query's results. */
export function relevanceFigures(set: RelevanceSet, resultsOf: Map<string, string[]>): RelevanceFigures {
  const rows = set.queries.map(({ query, expect }) => {
    const results = resultsOf.get(query) ?? [];
    return { query, rank: rankOf(results, expect), first: results.slice(0, 3) };
  });
  const mrr = rows.reduce((sum, row) => sum + (row.rank ? 1 / row.rank : 0), 0) / rows.length;
  const top3 = rows.filter((row) => row.rank > 0 && row.rank <= 3).length / rows.length;
  return { mrr, top3, rows };
}
