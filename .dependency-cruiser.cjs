/**
 * The house's layers (ARCHITECTURE.md, "Layer rules"), held by dependency-cruiser in `npm run lint`. Type-only imports
 * count: a layer that needs another's types depends on it all the same. Tests beside the code (`*.test.ts`) may import
 * what they test and the harness under tests/; nothing else imports tests/.
 */
const test = '\\.(test|spec|integration\\.test)\\.(ts|tsx)$';
const ui = '^src/(components|theme|pages)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'config-is-data',
      comment: 'config/ names APIs, brand and navigation: it imports nothing from src/, tools/ or tests/.',
      severity: 'error',
      from: { path: '^config/', pathNot: test },
      to: { path: '^(src|tools|tests)/' },
    },
    {
      name: 'core-imports-nothing-above-it',
      comment: 'src/core runs in the browser and in Node: it imports only config/ and itself.',
      severity: 'error',
      from: { path: '^src/core/', pathNot: test },
      to: { path: '^(src/(build|plugins|components|theme|pages)|tools|tests)/' },
    },
    {
      name: 'core-runs-in-the-browser',
      comment: 'src/core is bundled for the browser: no Node built-in module (node:fs, path, child_process ...).',
      severity: 'error',
      from: { path: '^src/core/', pathNot: test },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'build-imports-core-only',
      comment:
        'src/build runs in Node at build time: it imports src/core and config/, never a plugin, the UI or a tool.',
      severity: 'error',
      from: { path: '^src/build/', pathNot: test },
      to: { path: '^(src/(plugins|components|theme|pages)|tools|tests)/' },
    },
    {
      name: 'no-plugin-imports-another',
      comment: 'A plugin is lifecycle glue over src/build: what two plugins share lives in src/build or src/core.',
      severity: 'error',
      from: { path: '^src/plugins/([^/]+)/', pathNot: test },
      to: { path: '^src/plugins/', pathNot: '^src/plugins/$1/' },
    },
    {
      name: 'ui-imports-core-only',
      comment:
        'Components, theme and pages run in the browser: they import src/core and config/, never build code or a plugin.',
      severity: 'error',
      from: { path: ui, pathNot: test },
      to: { path: '^(src/(build|plugins)|tools|tests)/' },
    },
    {
      name: 'tools-import-build-and-core',
      comment:
        'A tool (tools/<name>/) runs on its own: it imports src/build, src/core and config/, never a plugin or the UI.',
      severity: 'error',
      from: { path: '^tools/', pathNot: test },
      to: { path: '^(src/(plugins|components|theme|pages)|tests)/' },
    },
    {
      name: 'nothing-imports-tests',
      comment: 'tests/ holds the browser specs, the harness and fixtures: only tests import it.',
      severity: 'error',
      from: { pathNot: `${test}|^tests/` },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|\\.docusaurus|\\.generated|test-results|bench)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.mjs', '.cjs', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
