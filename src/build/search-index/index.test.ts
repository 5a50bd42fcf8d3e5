import { expect, test } from 'vitest';
import { search } from '../../../config/search';
import { validateSearchIndexOptions } from './index';

test('a chunk size that is not a whole number above 0 is refused by name', () => {
  for (const indexChunkSize of [0, -1, 1.5, '4000', undefined]) {
    expect(() => validateSearchIndexOptions({ ...search, indexChunkSize })).toThrow('indexChunkSize');
  }
  expect(validateSearchIndexOptions(search).indexChunkSize).toBe(search.indexChunkSize);
});
