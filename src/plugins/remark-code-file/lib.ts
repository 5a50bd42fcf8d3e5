import path from 'node:path';

/** The part of an mdast code node this plugin reads and writes. */
export interface CodeNode {
  type: 'code';
  lang?: string | null;
  meta?: string | null;
  value: string;
}

interface Parent {
  children?: unknown[];
}

/** `file=./samples/first-request.sh` in a code block's meta names the file whose content the block shows. */
export function codeFileOf(meta: string | null | undefined): string | undefined {
  return /(?:^|\s)file=(\S+)/.exec(meta ?? '')?.[1];
}

function isCode(node: unknown): node is CodeNode {
  return typeof node === 'object' && node !== null && (node as { type?: unknown }).type === 'code';
}

/**
 * Fills every code block that names a file with that file's content, so a runnable sample is written once, as a
 * real file that tests run, and shown as it is. The file must sit beside the page (no `..`), and must exist: a
 * missing sample fails the build instead of showing an empty block. Returns the files used.
 */
export function inlineCodeFiles(tree: unknown, pagePath: string, read: (file: string) => string): string[] {
  const used: string[] = [];
  const visit = (node: unknown): void => {
    if (isCode(node)) {
      const name = codeFileOf(node.meta);
      if (name === undefined) return;
      const pageDir = path.dirname(pagePath);
      const file = path.resolve(pageDir, name);
      if (!file.startsWith(`${pageDir}${path.sep}`)) {
        throw new Error(`[remark-code-file] ${pagePath}: ${name} is outside the page's folder`);
      }
      let content: string;
      try {
        content = read(file);
      } catch (error) {
        throw new Error(
          `[remark-code-file] ${pagePath}: cannot read ${name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      node.value = content.replace(/\n$/, '');
      node.meta = (node.meta ?? '').replace(/(?:^|\s)file=\S+/, '').trim() || null;
      used.push(file);
      return;
    }
    const children = (node as Parent).children;
    if (Array.isArray(children)) children.forEach(visit);
  };
  visit(tree);
  return used;
}
