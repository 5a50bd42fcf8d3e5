import { expect, test } from 'vitest';
import { renameInTree, renamePrefix } from './lib';

test('renames whole variable names only', () => {
  expect(renamePrefix('export ARENA_API_KEY=x; echo "$ARENA_DATA_API_URL"', 'NIMBUS_')).toBe(
    'export NIMBUS_API_KEY=x; echo "$NIMBUS_DATA_API_URL"',
  );
  expect(renamePrefix('process.env.ARENA_ACCESS_TOKEN', 'NIMBUS_')).toBe('process.env.NIMBUS_ACCESS_TOKEN');
  expect(renamePrefix('MY_ARENA_API_KEY and ARENA_ alone', 'NIMBUS_')).toBe('MY_ARENA_API_KEY and ARENA_ alone');
  expect(renamePrefix('ARENA_API_KEY', 'ARENA_')).toBe('ARENA_API_KEY');
});

test('reaches text, inline code and code blocks of a tree', () => {
  const tree = {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'Set ARENA_API_KEY' },
          { type: 'inlineCode', value: 'ARENA_CHAT_API_URL' },
        ],
      },
      { type: 'code', value: 'curl "$ARENA_DATA_API_URL"' },
    ],
  };
  renameInTree(tree, 'NIMBUS_');
  expect(JSON.stringify(tree)).not.toContain('ARENA_');
  expect(JSON.stringify(tree)).toContain('NIMBUS_CHAT_API_URL');
});
