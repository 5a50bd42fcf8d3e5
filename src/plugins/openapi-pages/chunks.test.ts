import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { apiReferenceModules } from './index';

/*
 * The reference's code goes to a chunk of its own, which guides never load (tests/e2e/weight.spec.ts measures it).
 * Its folders are named here: a rename that the chunk's pattern misses fails this test, not a guide's budget later.
 */
const inChunk = [
  'src/components/ApiOperation',
  'src/components/ApiExplorer',
  'src/components/SinglePageReference',
  'src/core/openapi',
  'src/core/samples',
];
const shared = ['src/components/ApiFacts', 'src/components/Markdown', 'src/components/Sentence', 'src/core/markdown'];

test.each(inChunk)("%s is the reference's code: in its chunk", (folder) => {
  expect(existsSync(folder)).toBe(true);
  expect(apiReferenceModules.test(`/site/${folder}/index.ts`.replaceAll('/', path.sep))).toBe(true);
});

test.each(shared)('%s is shared with guides: not in the chunk', (folder) => {
  expect(existsSync(folder)).toBe(true);
  expect(apiReferenceModules.test(`/site/${folder}/index.ts`.replaceAll('/', path.sep))).toBe(false);
});
