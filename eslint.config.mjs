import js from '@eslint/js';
import globals from 'globals';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['build/', '.docusaurus/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/tmp/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // An argument that an interface requires but one implementation does not use is named with a leading `_`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS files (bundler loaders) can only import with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The house's arrows (ARCHITECTURE.md, "Layer rules"): src/lib imports nothing above it; nothing in src/ or
  // scripts/ imports tests/, and src/ does not import scripts/. Tests beside the code may import fixtures and helpers.
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(plugins|components|theme|pages)/|^@site/src/(plugins|components|theme|pages)/',
              message: 'src/lib imports nothing above it.',
            },
            {
              regex: '^(\\.\\./)+(scripts|tests)/|^@site/(scripts|tests)/',
              message: 'src/ imports neither scripts/ nor tests/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}', 'config/**/*.ts', 'docusaurus.config.ts'],
    ignores: ['src/lib/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(\\.\\.?/)+tests/|^@site/tests/', message: 'Nothing outside tests/ imports from it.' }],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(scripts|tests)/|^@site/(scripts|tests)/',
              message: 'src/ imports neither scripts/ nor tests/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
);
