import { describe, expect, test } from 'vitest';
import { currentSection, type Extent } from './scrollSpy';

/** Sections of the given heights stacked from `start`, with `gap` pixels between them (a tag's intro). */
function stack(heights: number[], start: number, gap = 0): Extent[] {
  let top = start;
  return heights.map((height) => {
    const extent = { top, bottom: top + height };
    top += height + gap;
    return extent;
  });
}

describe('currentSection', () => {
  const line = 80;
  const bandEnd = 240;
  /** The current section of a page whose sections are at these extents. */
  const current = (page: Extent[]) => currentSection(page.length, (index) => page[index], line, bandEnd);

  test('the section that crosses the line under the navbar is current', () => {
    const page = stack([300, 300, 300, 300], -500);
    // -500..-200, -200..100, 100..400: the second reaches below 80.
    expect(current(page)).toBe(1);
  });

  test('a section that ends exactly on the line is behind the reader', () => {
    const page = stack([100, 100, 100], -20);
    // -20..80, 80..180.
    expect(current(page)).toBe(1);
  });

  test('between two sections, the next one is current once it starts above the band end', () => {
    expect(
      current([
        { top: -400, bottom: 0 },
        { top: 200, bottom: 600 },
      ]),
    ).toBe(1);
    // Starting below the band's end: no section is current, and the sidebar keeps the one it had.
    expect(
      current([
        { top: -400, bottom: 0 },
        { top: 300, bottom: 600 },
      ]),
    ).toBe(undefined);
  });

  test('above the first section and past the last, none', () => {
    const page = stack([300, 300], 500);
    expect(current(page)).toBe(undefined);
    const scrolled = stack([300, 300], -1000);
    expect(current(scrolled)).toBe(undefined);
    expect(currentSection(0, () => undefined, line, bandEnd)).toBe(undefined);
  });

  test('sections not on the page are skipped, wherever they are', () => {
    const page = stack(
      Array.from({ length: 9 }, () => 100),
      -450,
    );
    // -450..-350, ..., -50..50 (index 4), 50..150 (index 5), ...
    const missing = (absent: number[]) => (index: number) => (absent.includes(index) ? undefined : page[index]);
    expect(currentSection(page.length, missing([]), line, bandEnd)).toBe(5);
    expect(currentSection(page.length, missing([5]), line, bandEnd)).toBe(6);
    expect(currentSection(page.length, missing([4, 5, 6]), line, bandEnd)).toBe(undefined);
    expect(currentSection(page.length, missing([0, 1, 2, 3, 4]), line, bandEnd)).toBe(5);
    expect(currentSection(page.length, missing([6, 7, 8]), line, bandEnd)).toBe(5);
  });

  test('a long page is searched, not walked: about log2(n) sections are measured', () => {
    const page = stack(
      Array.from({ length: 11_422 }, () => 500),
      -3_000_000,
    );
    const asked: number[] = [];
    const index = currentSection(
      page.length,
      (at) => {
        asked.push(at);
        return page[at];
      },
      line,
      bandEnd,
    );
    // -3,000,000 + 500 i < 80 < -3,000,000 + 500 (i + 1): i = 6000.
    expect(index).toBe(6000);
    expect(asked.length).toBeLessThanOrEqual(15);
  });
});
