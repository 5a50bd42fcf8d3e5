import { describe, expect, test } from 'vitest';
import { labelMediaTypeSelectsHtml } from './a11y';

describe('labelMediaTypeSelectsHtml', () => {
  test.each([
    [
      '<div><select class="x"><option>a</option></select></div>',
      '<div><select aria-label="Media type" class="x"><option>a</option></select></div>',
    ],
    ['<select aria-label="Server">', '<select aria-label="Server">'],
    ['<p>no select</p>', '<p>no select</p>'],
  ])('labels %j', (input, expected) => {
    expect(labelMediaTypeSelectsHtml(input)).toBe(expected);
  });
});
