/** Where a section is on the screen, in viewport pixels. */
export type Extent = { top: number; bottom: number };

/**
 * The index of the call the reader is on: the first section that reaches below `line` (the top of the reading area,
 * under the navbar), if it starts above `bandEnd`; none when no section crosses that band (between two tags' intros,
 * say), and the caller keeps the previous one. `extentAt` answers undefined for a section not on the page (a call
 * React is rendering afresh): it is skipped. Sections are in page order and do not overlap, so their bottoms grow
 * and a binary search asks for about log2(n) of them: at Microsoft Graph's size, 14 of 11,422 calls a frame.
 */
export function currentSection(
  count: number,
  extentAt: (index: number) => Extent | undefined,
  line: number,
  bandEnd: number,
): number | undefined {
  // The nearest section on the page at or after `index` and before `end`, with its extent.
  const present = (index: number, end: number): { index: number; extent: Extent } | undefined => {
    for (let at = index; at < end; at++) {
      const extent = extentAt(at);
      if (extent) return { index: at, extent };
    }
    return undefined;
  };
  let low = 0;
  let high = count;
  let found: { index: number; extent: Extent } | undefined;
  while (low < high) {
    const probe = present((low + high) >> 1, high);
    if (!probe) {
      // Nothing on the page from the middle to `high`: the answer, if any, is below the middle.
      high = (low + high) >> 1;
      continue;
    }
    if (probe.extent.bottom <= line) low = probe.index + 1;
    else {
      found = probe;
      high = probe.index;
    }
  }
  return found && found.extent.top < bandEnd ? found.index : undefined;
}
