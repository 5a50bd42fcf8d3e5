/**
 * The guides' sample files are real programs, so they name the environment variables concretely, with the house
 * brand's prefix (`ARENA_API_KEY`). The site's convention derives the names from the configured brand
 * (config/apis.ts), so on a rebranded site the pages show the files with that brand's prefix instead. A no-op for
 * the house brand.
 */
export const houseEnvironmentPrefix = 'ARENA_';

/** `ARENA_DATA_API_URL` → `NIMBUS_DATA_API_URL`: whole variable names only, never the middle of a word. */
export function renamePrefix(text: string, prefix: string): string {
  if (prefix === houseEnvironmentPrefix) return text;
  return text.replace(new RegExp(`(?<![A-Za-z0-9_])${houseEnvironmentPrefix}(?=[A-Z0-9_]*[A-Z0-9])`, 'g'), prefix);
}

interface Node {
  type: string;
  value?: unknown;
  children?: Node[];
}

/** Renames the prefix in the text, inline code and code blocks of a Markdown tree. */
export function renameInTree(tree: unknown, prefix: string): void {
  const visit = (node: Node) => {
    if (
      (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') &&
      typeof node.value === 'string'
    ) {
      node.value = renamePrefix(node.value, prefix);
    }
    node.children?.forEach(visit);
  };
  visit(tree as Node);
}
