/**
 * Every repository path that the Markdown and the source comments name exists, so a moved or deleted file cannot
 * leave a reader following a path to nothing.
 *
 * "Names a path" is narrow on purpose, so the test has no false positives:
 * - a path starts with one of the repository's top-level folders (`src/`, `tools/`, ...), not after `/`, `@`, a
 *   dot or a letter (so a route such as `/docs/webhooks`, a URL or `@site/src/...` is not one), or is a root file in
 *   backticks (`package.json`);
 * - in Markdown it is in backticks (outside fenced code), or it is the target of a relative link of a `.md` file,
 *   resolved against that file's folder (links of `.mdx` pages are routes, which the build checks);
 * - in a comment it may also stand bare, as comments here write paths;
 * - a glob (`*`), a placeholder (`<id>`, `{x}`, `$VAR`) or a gitignored path (build output, `bench/` results,
 *   generated reference pages) is never checked.
 * A path exists when git tracks it or a file under it, or it is on disk (a file about to be committed).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = path.resolve(__dirname, '..');

const topFolders = [
  'src',
  'tools',
  'config',
  'tests',
  'openapi',
  'docs',
  'getting-started',
  'deploy',
  'sidebars',
  'static',
  '.ci',
];
/** Root files a document may name in backticks: the repository's, and the usual ones it might come to have. */
const rootFileNames = new Set([
  ...['package.json', 'package-lock.json', 'tsconfig.json', 'cspell.json', 'cspell-words.txt', 'README.md'],
  ...['docusaurus.config.ts', 'playwright.config.ts', 'vitest.config.mts', 'eslint.config.mjs'],
  ...['.gitignore', '.prettierignore', '.prettierrc.json'],
  ...['ARCHITECTURE.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'SECURITY.md', 'LICENSE'],
]);

/**
 * Mentions that look like repository paths and are not: each with the file that holds it and why. Keep it short; a
 * path that can be written another way should be.
 */
const notRepositoryPaths: { file: string; named: string; why: string }[] = [
  { file: 'tools/bench/lib/vanilla.ts', named: 'docs/intro.md', why: 'a page of the vanilla site it writes' },
  { file: 'src/build/buildOutput.ts', named: 'docs/webhooks/index.html', why: 'a file of the build output' },
];

const folderPattern = topFolders.map((folder) => folder.replace('.', '\\.')).join('|');
/** A path from a top-level folder; placeholder and glob characters are taken in so such a path is seen whole. */
const barePath = new RegExp(`(?<![\\w@/.~$-])(?:${folderPattern})/[\\w./@\\[\\]{}<>*$-]*`, 'g');
const pathLike = new RegExp(`^(?:${folderPattern})/[\\w./@-]*$`);
const placeholder = /[*<>{}$[\]]|\.\.\./;
/**
 * A file named relative to the comment's folder: `./` or `../` first, a file's extension last. In backticks it is a
 * value quoted (a document's `$ref`, a path as another tool reads it), not a file of this repository.
 */
const relativePath = /(?<![\w@/.~$`-])\.\.?\/[\w./@-]*\.(?:ts|tsx|mts|cts|js|mjs|cjs|json|md|css|yaml)\b/g;

interface Named {
  named: string;
  line: number;
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

function trimmed(named: string): string {
  return named.replace(/[.,;:'"]+$/, '');
}

/** Markdown with fenced code blocks blanked (line breaks kept, so line numbers stay true). */
function withoutFences(text: string): string {
  return text.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![\s\S]))/gm, (block) =>
    block.replace(/[^\n]/g, ' '),
  );
}

/** The paths a Markdown file names: backticked from the root, and (`.md` only) relative links from its folder. */
function pathsInMarkdown(text: string, file: string): Named[] {
  const prose = withoutFences(text);
  const found: Named[] = [];
  for (const match of prose.matchAll(/`([^`\s]+)`/g)) {
    const named = match[1];
    if (pathLike.test(named) || rootFileNames.has(named)) found.push({ named, line: lineAt(prose, match.index) });
  }
  if (!file.endsWith('.md')) return found;
  const links = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm;
  for (const match of prose.matchAll(links)) {
    const target = (match[1] ?? match[2]).replace(/[#?].*$/, '');
    if (target === '' || /^[a-z][\w+.-]*:/i.test(target) || target.startsWith('/') || placeholder.test(target))
      continue;
    const named = path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(target)));
    if (named.startsWith('../')) continue;
    found.push({ named: named.replace(/\/$/, ''), line: lineAt(prose, match.index) });
  }
  return found;
}

/** The comments of a TypeScript or JavaScript file: its text with everything else blanked out. */
function commentsOfScript(text: string, file: string): string[] {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const chars = text.split(''); // UTF-16 units, as the parser's offsets count
  // Strings, templates, regular expressions and JSX text are blanked, so `//` or `/*` left is a comment.
  const blank = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isJsxText(node)
    ) {
      for (let at = node.getStart(source); at < node.end; at += 1) if (chars[at] !== '\n') chars[at] = ' ';
    }
    ts.forEachChild(node, blank);
  };
  blank(source);
  return keepMatches(chars.join(''), /\/\/[^\n]*|\/\*[\s\S]*?\*\//g);
}

/** The text with only what the pattern matches kept, every other character but line breaks blanked. */
function keepMatches(text: string, pattern: RegExp): string[] {
  const kept = text.replace(/[^\n]/g, ' ').split('');
  for (const match of text.matchAll(pattern)) {
    for (let at = match.index; at < match.index + match[0].length; at += 1) kept[at] = text[at];
  }
  return [kept.join('')];
}

/** The paths the comments of a source file name. */
function pathsInComments(text: string, file: string): Named[] {
  let comments: string[];
  if (/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(file)) comments = commentsOfScript(text, file);
  else if (file.endsWith('.css')) {
    const strings = text.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (string) => ' '.repeat(string.length));
    comments = keepMatches(strings, /\/\*[\s\S]*?\*\//g);
  } else comments = keepMatches(text, /^[ \t]*#[^\n]*/gm); // nginx config and shell: whole-line comments only
  const [comment] = comments;
  const fromRoot = [...comment.matchAll(barePath)].map((match) => ({
    named: trimmed(match[0]),
    line: lineAt(comment, match.index),
  }));
  // A file named from the comment's own folder, with ./ or ../ before it, read from there.
  const fromHere = [...comment.matchAll(relativePath)].flatMap((match) => {
    const named = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[0]));
    return named.startsWith('../') ? [] : [{ named, line: lineAt(comment, match.index) }];
  });
  return [...fromRoot, ...fromHere].sort((a, b) => a.line - b.line);
}

function git(args: string[], input?: string): { status: number | null; stdout: string } {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout };
}

describe('pathsInMarkdown', () => {
  test.each([
    ['a backticked path', 'See `src/core/text/escape.ts`.', ['src/core/text/escape.ts']],
    ['a backticked folder', 'In `deploy/nginx/`.', ['deploy/nginx/']],
    ['a backticked root file', 'Read `package.json`, not `brand.ts`.', ['package.json']],
    ['a glob or a placeholder', '`docs/*/reference/`, `openapi/changelog/<id>.json`, `src/{a,b}/`', []],
    ['a route or a URL', '`/docs/webhooks`, `https://x.example/src/a.ts`, [x](/docs/a)', []],
    ['a path in a fenced block', '```sh\nnpx tsx `tools/nginx/main.ts`\n```\n', []],
    ['a backticked path with words around it', '`npx tsx tools/nginx/main.ts render`', []],
  ])('%s', (_, markdown, expected) => {
    expect(pathsInMarkdown(markdown, 'README.md').map((found) => found.named)).toEqual(expected);
  });

  test('a relative link of a .md file is read from its folder; a URL, an anchor and an .mdx link are not', () => {
    const markdown = '[cli](lib/cli.ts) [up](../README.md#quick-start) [x](https://x.example) [a](#top)\n';
    expect(pathsInMarkdown(markdown, 'tools/README.md').map((found) => found.named)).toEqual([
      'tools/lib/cli.ts',
      'README.md',
    ]);
    expect(pathsInMarkdown(markdown, 'docs/page.mdx')).toEqual([]);
  });
});

describe('pathsInComments', () => {
  test('names the paths of comments, not of strings, templates, regular expressions or JSX text', () => {
    const source = [
      '// Reads config/apis.ts (see `src/build/pipeline/`).',
      "const a = 'src/not/a/comment.ts' + `tools/${'x'}/no.ts`;",
      'const b = /src\\/regex\\.ts/;',
      '/* Written by tools/build/main.ts, into build/ and .generated/, routes /docs/x. */',
      'const c = <p>tests/jsx/text.ts {/* tests/e2e/ */}</p>;',
    ].join('\n');
    expect(pathsInComments(source, 'x.tsx')).toEqual([
      { named: 'config/apis.ts', line: 1 },
      { named: 'src/build/pipeline/', line: 1 },
      { named: 'tools/build/main.ts', line: 4 },
      { named: 'tests/e2e/', line: 5 },
    ]);
  });

  test("reads a file named from the comment's folder from there; a string's relative path is no comment's", () => {
    const source =
      "// Split by ./split.ts (see ../lib/cli.ts), not ../../outside.ts or `../quoted.yaml`.\nconst a = '../package.json';\n";
    expect(pathsInComments(source, 'tools/build/x.ts')).toEqual([
      { named: 'tools/build/split.ts', line: 1 },
      { named: 'tools/lib/cli.ts', line: 1 },
      { named: 'outside.ts', line: 1 },
    ]);
  });

  test('reads whole-line # comments of nginx config, and /* */ comments of CSS', () => {
    expect(pathsInComments('# See deploy/nginx/README.md.\nadd_header X "src/a.ts"; # static/b\n', 'a.conf')).toEqual([
      { named: 'deploy/nginx/README.md', line: 1 },
    ]);
    expect(pathsInComments('a { content: "/* src/no */"; } /* src/css/custom.css */', 'a.css')).toEqual([
      { named: 'src/css/custom.css', line: 1 },
    ]);
  });
});

// About 1.2 s here, most of it TypeScript's parser reading some 500 source files to tell comments from strings; the
// timeout leaves room for a loaded machine.
test('every repository path named in the Markdown and the source comments exists', { timeout: 60_000 }, () => {
  const files = git(['ls-files', '--cached', '--others', '--exclude-standard'])
    .stdout.split('\n')
    .filter((file) => file !== '' && existsSync(path.join(root, file)));
  const tracked = new Set(files);
  const folders = new Set(
    files.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, at, parts) => parts.slice(0, at + 1).join('/')),
    ),
  );
  const outside = /^(node_modules|build|\.docusaurus|test-results)\//;
  const markdown = files.filter((file) => /\.mdx?$/.test(file) && !outside.test(file));
  const sources = files.filter(
    (file) =>
      (/^(src|tools|config|tests|deploy)\//.test(file) && /\.(ts|tsx|mts|mjs|cjs|js|css)$/.test(file)) ||
      /^[^/]+\.(ts|mts|mjs)$/.test(file) ||
      /^deploy\/.*\.(conf|template)$/.test(file) ||
      file === '.ci/run',
  );

  const named = [
    ...markdown.flatMap((file) =>
      pathsInMarkdown(readFileSync(path.join(root, file), 'utf8'), file).map((found) => ({ file, ...found })),
    ),
    ...sources.flatMap((file) =>
      pathsInComments(readFileSync(path.join(root, file), 'utf8'), file).map((found) => ({ file, ...found })),
    ),
  ].filter(({ named }) => !placeholder.test(named));
  expect(named.length, 'the documents name paths at all').toBeGreaterThan(100);

  const missing = named.filter(({ file, named: mention }) => {
    const clean = mention.replace(/\/$/, '');
    if (tracked.has(clean) || folders.has(clean) || existsSync(path.join(root, clean))) return false;
    return !notRepositoryPaths.some((known) => known.file === file && known.named === clean);
  });
  // A gitignored path (build output, bench results, generated pages) is not the repository's to hold. Each is asked
  // as a file and as a folder: a folder pattern (`getting-started/recipes/`) matches only the second while the folder
  // does not exist, as on a fresh clone before the first build.
  const ignored = new Set(
    git(
      ['check-ignore', '--no-index', '--stdin'],
      missing.flatMap(({ named: mention }) => [mention, `${mention.replace(/\/$/, '')}/`]).join('\n'),
    ).stdout.split('\n'),
  );
  const stale = missing.filter(
    ({ named: mention }) => !ignored.has(mention) && !ignored.has(`${mention.replace(/\/$/, '')}/`),
  );
  expect(stale.map(({ file, line, named: mention }) => `${file}:${line} names ${mention}`)).toEqual([]);
});
