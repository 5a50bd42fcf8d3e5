import { themes } from 'prism-react-renderer';
import { describe, expect, test } from 'vitest';
import { codeTheme, contrast, lightenTo, parseColor } from './codeTheme';

describe('the code theme', () => {
  const background = parseColor(codeTheme.plain.backgroundColor ?? '');

  test('every token colour has at least 4.5:1 contrast on the background', () => {
    for (const entry of codeTheme.styles) {
      const color = parseColor(entry.style.color ?? '');
      if (color && background) expect(contrast(color, background), entry.types.join(',')).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('colours that passed already are kept as they were', () => {
    const kept = codeTheme.styles.filter(
      (entry, index) => entry.style.color === themes.palenight.styles[index].style.color,
    );
    expect(kept.length).toBeGreaterThan(codeTheme.styles.length / 2);
  });
});

test('contrast and lightening follow WCAG', () => {
  expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21);
  const lighter = lightenTo([105, 112, 152], [41, 45, 62], 4.5);
  expect(contrast(lighter, [41, 45, 62])).toBeGreaterThanOrEqual(4.5);
  expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
  expect(parseColor('nonsense')).toBeUndefined();
});
