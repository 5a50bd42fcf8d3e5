import { readFileSync } from 'node:fs';
import { inlineCodeFiles } from './lib';

/** Remark plugin: ```bash file=./samples/x.sh fills the block from the file (see lib.ts). */
export default function remarkCodeFile() {
  return (tree: unknown, file: { path?: string }): void => {
    if (!file.path) return;
    inlineCodeFiles(tree, file.path, (name) => readFileSync(name, 'utf8'));
  };
}
