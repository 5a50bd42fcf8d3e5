/**
 * The index of the `]` that closes the array around a position, skipping quoted strings, for every position asked:
 * one pass over the text (a scan from each leaf to its array's end was quadratic: Microsoft Graph's 14,000 routes
 * made 50 s of it). The text is Docusaurus's routes.js, whose strings have no escaped quotes.
 */
export function closingBrackets(text: string): (from: number) => number {
  const opens: number[] = [];
  /** Each bracket's position, and the position of the bracket that closes it. */
  const closes = new Map<number, number>();
  /** For a position, the innermost open bracket before it: recorded at every bracket, searched by position. */
  const marks: { at: number; open: number | undefined }[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, index + 1);
      if (end < 0) break;
      index = end;
    } else if (char === '[' || char === '{') {
      opens.push(index);
      marks.push({ at: index, open: index });
    } else if (char === ']' || char === '}') {
      const open = opens.pop();
      if (open !== undefined) closes.set(open, index);
      marks.push({ at: index, open: opens.at(-1) });
    }
  }
  return (from) => {
    // The last mark before `from`: the innermost bracket open there (a `]` at `from` closes it).
    let low = 0;
    let high = marks.length - 1;
    let found: number | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (marks[middle].at < from) {
        found = marks[middle].open;
        low = middle + 1;
      } else high = middle - 1;
    }
    const close = found === undefined ? undefined : closes.get(found);
    if (found === undefined || text[found] !== '[' || close === undefined) {
      throw new Error('[lazy-routes] routes.js: a lazy route is not inside an array');
    }
    return close;
  };
}
