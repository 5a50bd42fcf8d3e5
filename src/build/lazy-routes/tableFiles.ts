import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lazyTableFile } from './served';

/**
 * Writes the lazy tables (`servedModules`' `tables`, by their `lazyTableFile` path) under Docusaurus's generated
 * files, after emptying their folder: a table left by an earlier build with more routes would never be imported, but
 * would read as this build's to whoever looks into the folder. Nothing else under `generatedFilesDir` is touched.
 */
export function writeLazyTables(generatedFilesDir: string, tables: ReadonlyMap<string, string>): void {
  rmSync(path.join(generatedFilesDir, path.dirname(lazyTableFile(0))), { recursive: true, force: true });
  for (const [file, text] of tables) {
    mkdirSync(path.dirname(path.join(generatedFilesDir, file)), { recursive: true });
    writeFileSync(path.join(generatedFilesDir, file), text);
  }
}
