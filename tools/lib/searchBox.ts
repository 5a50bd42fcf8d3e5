/** The navbar search's listbox once it shows the answer to `query` (its `data-query`), for tests and the benchmark. */
export function answeredSelector(query: string): string {
  return `[role="listbox"][data-query="${query.replace(/["\\]/g, '\\$&')}"]`;
}
