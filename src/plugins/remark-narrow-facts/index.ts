import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiFacts } from '../../core/openapi/facts';
import { factsImportPrefix, factsImports, factsNeeds, narrowFacts, redirectImport } from './lib';

/**
 * The site's folder, from this file's place in it: not an option, since Docusaurus ships plugin options (and so the
 * docs plugin's remark plugins' options) to the browser.
 */
const siteDir = path.resolve(__dirname, '../../..');

/** Folder of the cut facts files, beside the facts files themselves (gitignored with them). */
const narrowFolder = 'narrow';

/**
 * Remark plugin: a page that imports a facts file imports the part it uses (lib.ts), a file named by its content.
 * Production builds only: the dev server keeps the whole file, so a changed document reaches the page at once.
 */
export default function remarkNarrowFacts() {
  return (tree: unknown): void => {
    if (process.env.NODE_ENV !== 'production') return;
    for (const [name, source] of factsImports(tree)) {
      const needs = factsNeeds(tree, name);
      if (needs === 'all') continue;
      const relative = source.slice(factsImportPrefix.length);
      const full = path.join(siteDir, '.generated/facts', relative);
      const facts = JSON.parse(readFileSync(full, 'utf8')) as ApiFacts | ApiFacts[];
      // The facts list (apis.json) holds summaries already: nothing to cut.
      if (Array.isArray(facts)) continue;
      const text = JSON.stringify(narrowFacts(facts, needs));
      const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
      const fileName = `${path.basename(relative, '.json')}.${hash}.json`;
      const target = path.join(siteDir, '.generated/facts', narrowFolder, fileName);
      if (!existsSync(target)) {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, text);
      }
      redirectImport(tree, source, `${factsImportPrefix}${narrowFolder}/${fileName}`);
    }
  };
}
