import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { firstCallRoute } from './bigPages';

test("an added API's first call page is its first page by name that is not its overview, changelog or a schema", () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'big-pages-'));
  try {
    for (const name of ['schemas', 'overview', 'changelog', 'b-call', 'a-call']) {
      mkdirSync(path.join(outDir, 'docs/real-x', name), { recursive: true });
    }
    // The Markdown twins sit beside the pages' folders.
    writeFileSync(path.join(outDir, 'docs/real-x/0-twin.md'), '# twin\n');
    expect(firstCallRoute(outDir, 'real-x')).toBe('/docs/real-x/a-call');
    mkdirSync(path.join(outDir, 'docs/real-y/schemas'), { recursive: true });
    expect(firstCallRoute(outDir, 'real-y')).toBeUndefined();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
