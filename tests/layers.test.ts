import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * The layer rules of .dependency-cruiser.cjs (run by `npm run lint`) against a small tree of the repository's shape,
 * with one forbidden import per rule and the allowed imports beside them: each rule must catch its import and no
 * other, so a rule that matches nothing (a path typo, a wrong group) fails here rather than passing the lint forever.
 */

const root = path.resolve(__dirname, '..');
const files: Record<string, string> = {
  'config/apis.ts': "import { x } from '../src/core/x';\nexport const apis = [x];\n",
  'config/brand.ts': "export const brand = 'Arena';\n",
  'src/core/x.ts':
    "import { readFileSync } from 'node:fs';\nimport { brand } from '../../config/brand';\nimport { y } from '../build/y';\nexport const x = [brand, y, readFileSync].length;\n",
  'src/core/ok.ts': "import { brand } from '../../config/brand';\nexport const ok = brand;\n",
  'src/core/x.test.ts':
    "import { y } from '../build/y';\nimport { h } from '../../tests/h';\nexport const t = [y, h];\n",
  'src/build/y.ts': "import { ok } from '../core/ok';\nimport { p } from '../plugins/p';\nexport const y = [ok, p];\n",
  'src/build/fine.ts':
    "import { readFileSync } from 'node:fs';\nimport { ok } from '../core/ok';\nexport const fine = [ok, readFileSync];\n",
  'src/plugins/p/index.ts':
    "import { fine } from '../../build/fine';\nimport { q } from '../q';\nimport { own } from './own';\nexport const p = [fine, q, own];\n",
  'src/plugins/p/own.ts': 'export const own = 1;\n',
  'src/plugins/q/index.ts': 'export const q = 1;\n',
  'src/components/C/index.tsx':
    "import { ok } from '../../core/ok';\nimport type { Fine } from '../../build/types';\nexport const c: Fine = ok;\n",
  'src/build/types.ts': 'export type Fine = string;\n',
  'src/theme/T/index.tsx': "import { c } from '../../components/C';\nexport const t = c;\n",
  'tools/t/main.ts':
    "import { fine } from '../../src/build/fine';\nimport { p } from '../../src/plugins/p';\nexport const m = [fine, p];\n",
  'sidebars/docs.ts': "import { h } from '../tests/h';\nexport const s = h;\n",
  'tests/h.ts': "import { fine } from '../src/build/fine';\nexport const h = fine;\n",
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'esnext', moduleResolution: 'bundler', jsx: 'preserve' },
  }),
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

let violations: Violation[] = [];
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  let output: string;
  try {
    output = execFileSync(
      path.join(root, 'node_modules/.bin/depcruise'),
      [
        'src',
        'config',
        'tools',
        'tests',
        'sidebars',
        '--config',
        path.join(root, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
  } catch (error) {
    // depcruise exits non-zero when it finds violations; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  violations = (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}, 30_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the layer rules', () => {
  test.each([
    ['config-is-data', 'config/apis.ts', 'src/core/x.ts'],
    ['core-imports-nothing-above-it', 'src/core/x.ts', 'src/build/y.ts'],
    ['core-runs-in-the-browser', 'src/core/x.ts', 'fs'],
    ['build-imports-core-only', 'src/build/y.ts', 'src/plugins/p/index.ts'],
    ['no-plugin-imports-another', 'src/plugins/p/index.ts', 'src/plugins/q/index.ts'],
    ['ui-imports-core-only', 'src/components/C/index.tsx', 'src/build/types.ts'],
    ['tools-import-build-and-core', 'tools/t/main.ts', 'src/plugins/p/index.ts'],
    ['nothing-imports-tests', 'sidebars/docs.ts', 'tests/h.ts'],
  ])('%s catches %s importing %s', (rule, from, to) => {
    expect(violations.filter((violation) => violation.rule.name === rule).map(({ from, to }) => [from, to])).toEqual([
      [from, to],
    ]);
  });

  test('the allowed imports (down the layers, a plugin its own files, tests anything) are not reported', () => {
    expect(violations).toHaveLength(8);
  });
});
