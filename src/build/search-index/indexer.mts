/**
 * Builds the Pagefind index of a job written by the search-index plugin (index.ts): run as its own Node process,
 * because Pagefind's Node API is an ES module only and Docusaurus loads plugins as CommonJS, which cannot load it.
 *
 *   node --import tsx src/build/search-index/indexer.mts <job.json>
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import * as pagefind from 'pagefind';
import { indexChunkSizeVariable, type IndexJob } from './job';
import { withSearchTags } from './searchTags';
import { withHeadingIdsOnly } from './anchors';

/** Pagefind writes its own search interfaces too; the site has its own (src/theme/SearchBar), so they are removed. */
const unusedPagefindFile = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$/;

async function run(job: IndexJob): Promise<void> {
  if (!Number.isSafeInteger(job.indexChunkSize) || job.indexChunkSize <= 0) {
    // Pagefind would read anything else as its default, silently.
    throw new Error(`the job's indexChunkSize is ${JSON.stringify(job.indexChunkSize)}, not a whole number above 0`);
  }
  // Read by Pagefind's indexing binary, which its Node API starts (at createIndex) with this process's environment.
  process.env[indexChunkSizeVariable] = String(job.indexChunkSize);
  const { index, errors } = await pagefind.createIndex({
    rootSelector: job.rootSelector,
    excludeSelectors: job.excludeSelectors,
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`Pagefind did not start: ${errors.join('; ')}`);
  try {
    for (const page of job.pages) {
      const html = await readFile(page.file, 'utf8');
      const added = await index.addHTMLFile({
        url: page.url,
        content: withHeadingIdsOnly(withSearchTags(html, page.target, job.rootSelector)),
      });
      if (added.errors.length > 0) throw new Error(`${page.url}: ${added.errors.join('; ')}`);
    }
    await rm(job.outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath: job.outputPath });
    if (written.errors.length > 0) throw new Error(written.errors.join('; '));
    for (const file of await readdir(job.outputPath)) {
      if (unusedPagefindFile.test(file)) await rm(path.join(job.outputPath, file));
    }
  } finally {
    await pagefind.close();
  }
}

const jobFile = process.argv[2];
if (!jobFile) {
  console.error('usage: indexer.mts <job.json>');
  process.exit(2);
}
run(JSON.parse(await readFile(jobFile, 'utf8')) as IndexJob).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
