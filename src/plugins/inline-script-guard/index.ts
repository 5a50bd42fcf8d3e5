import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { redirectPages, renderedScriptPages } from '../../../config/inlineScripts';
import { foreignScripts, siteScripts } from '../../build/inlineScripts';
import { copiedPages } from '../../build/page-cache/ssg';

/**
 * The rendered pages; `skipped` names pages other plugins write while this one runs (postBuild is concurrent), and
 * pages the page cache copied.
 */
async function* htmlPages(outDir: string, skipped: Set<string>): AsyncGenerator<{ name: string; html: string }> {
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(outDir, file);
    if (!skipped.has(name)) yield { name, html: await readFile(file, 'utf8') };
  }
}

/**
 * Fails the build when any page holds an executable inline script the site does not emit itself (see lib.ts): such
 * a script can only come from content, and the production CSP would refuse to run it anyway.
 */
export default function inlineScriptGuardPlugin(): Plugin {
  return {
    name: 'inline-script-guard',
    async postBuild({ outDir }) {
      const pages = await Promise.all(
        renderedScriptPages.map(async (page) => [page, await readFile(path.join(outDir, page), 'utf8')] as const),
      );
      const allowed = siteScripts(Object.fromEntries(pages));
      const problems: string[] = [];
      // The pages the page cache copied passed this check in the build that wrote them (src/build/page-cache).
      const skipped = new Set([...redirectPages, ...copiedPages(outDir)].map((page) => path.normalize(page)));
      for await (const page of htmlPages(outDir, skipped)) problems.push(...foreignScripts([page], allowed));
      if (problems.length > 0) {
        const shown = problems.slice(0, 5).join('\n  ');
        throw new Error(
          `[inline-script-guard] ${problems.length} inline script(s) the site does not emit:\n  ${shown}`,
        );
      }
    },
  };
}
