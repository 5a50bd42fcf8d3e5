import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/*
 * The catalogue of upstream touch points (src/upstream-patches.md, src/theme/README.md) held to the code: what it
 * names exists in the installed packages, and what the code touches is named in it.
 */
const catalogue = readFileSync('src/upstream-patches.md', 'utf8');
const themeCatalogue = readFileSync('src/theme/README.md', 'utf8');

const rows = catalogue
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.split(' | '));

/** The source files of the site that run (tests and Markdown left out). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file) && !/\.(test|spec|integration\.test)\.[a-z]+$/.test(file));
}
const sources = ['src', 'config', 'tools']
  .flatMap(sourceFiles)
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('src/upstream-patches.md', () => {
  test('has a row per touch point, each naming its upstream module', () => {
    expect(rows.length).toBeGreaterThanOrEqual(18);
    for (const row of rows) expect(row[1], row[0]).toMatch(/^`[@a-z][^`]*`$/);
  });

  test.each(rows.map((row) => [row[0].replace(/^\| /, ''), row[1].replaceAll('`', '')]))(
    '%s: the upstream module %s is where the row says',
    (_patch, module) => {
      expect(existsSync(path.join('node_modules', module))).toBe(true);
    },
  );

  const variables = [...new Set(sources.flatMap(({ text }) => text.match(/\bDOCUSAURUS_[A-Z_]+\b/g) ?? []))];
  test.each(variables)('the internal variable %s is in a row, and the module named there still reads it', (name) => {
    const row = rows.find((cells) => cells[0].includes(name));
    expect(row, `${name} is set by the site but not in src/upstream-patches.md`).toBeDefined();
    const module = row?.[1].replaceAll('`', '') ?? '';
    expect(readFileSync(path.join('node_modules', module), 'utf8')).toContain(name);
  });

  const internalImports = [
    ...new Set(sources.flatMap(({ text }) => text.match(/@docusaurus\/[a-z-]+\/internal\b/g) ?? [])),
  ];
  test.each(internalImports)('the internal entry %s is in a row, and exports what the site imports', (entry) => {
    expect(catalogue).toContain(entry);
    for (const { text } of sources) {
      const imported = new RegExp(`import \\{([^}]+)\\} from '${entry}'`).exec(text)?.[1];
      for (const name of imported?.split(',').map((part) => part.trim()) ?? []) {
        const row = rows.find((cells) => cells[0].includes(entry));
        const module = row?.[1].replaceAll('`', '') ?? '';
        expect(readFileSync(path.join('node_modules', module), 'utf8')).toContain(name);
      }
    }
  });

  /** Code that reaches into an upstream module or a generated file, by the signs it leaves. */
  const signs = [
    /NormalModuleReplacementPlugin/,
    /test: \/\[\\\\\/\]@docusaurus/,
    /generatedFilesDir/,
    /client-manifest\.json/,
    /'prism-react-renderer\$'/,
  ];
  const touching = sources.filter(({ file, text }) => file.startsWith('src/') && signs.some((sign) => sign.test(text)));
  test.each(touching.map(({ file }) => file))('%s touches upstream code and its plugin is in a row', (file) => {
    const owner = file.split(path.sep).slice(0, 3).join('/');
    expect(
      rows.some((cells) => cells[0].includes(owner)),
      `${owner} is not in src/upstream-patches.md`,
    ).toBe(true);
  });
});

describe('src/theme/README.md', () => {
  const swizzles = readdirSync('src/theme', { recursive: true, encoding: 'utf8' })
    .filter((name) => /(^|\/)index\.tsx$/.test(name))
    .map((name) => path.dirname(name));
  test.each(swizzles)('the swizzle %s is listed with its reason', (component) => {
    expect(themeCatalogue).toContain(`| \`${component}\` |`);
  });
});
