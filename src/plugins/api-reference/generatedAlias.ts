import path from 'node:path';

/**
 * A module that `createData` wrote, named by its `@generated/` alias, as Docusaurus names its own generated modules:
 * the absolute path would otherwise land in the client bundle (and leak the build machine's folders).
 */
export function generatedAlias(generatedFilesDir: string, file: string): string {
  const relative = path.relative(generatedFilesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`[openapi-source] ${file} is not inside ${generatedFilesDir}`);
  }
  return path.posix.join('@generated', relative.split(path.sep).join('/'));
}
