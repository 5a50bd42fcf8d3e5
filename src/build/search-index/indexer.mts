/**
 * Builds the Pagefind index of a job written by the search-index plugin (index.ts): run as its own Node process,
 * because Pagefind's Node API is an ES module only and Docusaurus loads plugins as CommonJS, which cannot load it.
 *
 *   node --import tsx src/build/search-index/indexer.mts <job.json>
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import * as pagefind from 'pagefind';
import { indexChunkSizeVariable, stagingBatchPages, type IndexJob } from './job';
import { withSearchTags } from './searchTags';
import { withHeadingIdsOnly } from './anchors';
import { fragmentFile, parseFragment } from './readIndex';
import { pagefindUrl, stagingPlan } from './staging';

/** Pagefind writes its own search interfaces too; the site has its own (src/theme/SearchBar), so they are removed. */
const unusedPagefindFile = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$/;

type Index = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>;

/** The HTML Pagefind is given for a page: its search tags in, the ids of what is not a heading out (anchors.ts). */
async function indexedHtml(page: IndexJob['pages'][number], rootSelector: string): Promise<string> {
  return withHeadingIdsOnly(withSearchTags(await readFile(page.file, 'utf8'), page.target, rootSelector));
}

/**
 * Adds the job's pages to the index: staged on disk in batches for Pagefind to read (staging.ts), the next batch
 * written while Pagefind indexes the last; a page whose URL cannot be a path is handed over in the call. Returns
 * each staged page's URL by the one Pagefind gives it.
 */
async function addPages(index: Index, job: IndexJob, staging: string): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const plan = stagingPlan(job.pages.map((page) => page.url));
  const batch = job.stagingBatch ?? stagingBatchPages;
  // What Pagefind said of the batch it is indexing, settled either way so that a failure waits to be read in turn.
  let indexing: Promise<string | undefined> = Promise.resolve(undefined);
  for (let start = 0; start < job.pages.length; start += batch) {
    const folder = path.join(staging, String(start));
    const staged: string[] = [];
    for (const page of job.pages.slice(start, start + batch)) {
      const relative = plan.get(page.url);
      if (relative === undefined) {
        const added = await index.addHTMLFile({ url: page.url, content: await indexedHtml(page, job.rootSelector) });
        if (added.errors.length > 0) throw new Error(`${page.url}: ${added.errors.join('; ')}`);
        continue;
      }
      const file = path.join(folder, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, await indexedHtml(page, job.rootSelector));
      urls.set(pagefindUrl(relative), page.url);
      staged.push(page.url);
    }
    const failure = await indexing;
    if (failure) throw new Error(failure);
    indexing =
      staged.length === 0
        ? Promise.resolve(undefined)
        : index.addDirectory({ path: folder }).then(
            async ({ errors, page_count }) => {
              await rm(folder, { recursive: true, force: true });
              if (errors.length > 0) return `pages ${staged[0]} to ${staged.at(-1)}: ${errors.join('; ')}`;
              // Pagefind skips a file it cannot read as a page, and says so only in this count.
              if (page_count !== staged.length)
                return `pages ${staged[0]} to ${staged.at(-1)}: Pagefind indexed ${page_count} of ${staged.length}`;
              return undefined;
            },
            (error: unknown) => (error instanceof Error ? error.message : String(error)),
          );
  }
  const failure = await indexing;
  if (failure) throw new Error(failure);
  return urls;
}

/**
 * Gives each fragment of a staged page its page's own URL back (`/docs/x/` → `/docs/x`), the file's name kept. Throws
 * on a fragment named neither as a staged page nor as a page handed over (its link would lead nowhere). Returns the
 * job's pages, staged or handed over, that Pagefind wrote no fragment for: it found nothing to index on them (a
 * redirect page, a page without the root element's text).
 */
async function restoreUrls(outputPath: string, urls: Map<string, string>, handedOver: Set<string>): Promise<string[]> {
  const folder = path.join(outputPath, 'fragment');
  // Pagefind makes the folder with its first fragment: a job whose pages have no words has none.
  const names = existsSync(folder) ? await readdir(folder) : [];
  const found = new Set<string>();
  for (const name of names) {
    const file = path.join(folder, name);
    const page = parseFragment(await readFile(file));
    found.add(page.url);
    const url = urls.get(page.url);
    if (url === undefined) {
      if (handedOver.has(page.url)) continue;
      throw new Error(`Pagefind named a page ${JSON.stringify(page.url)}, which is no page of the job`);
    }
    if (url !== page.url) await writeFile(file, fragmentFile({ ...page, url }));
  }
  return [
    ...[...urls].filter(([staged]) => !found.has(staged)).map(([, url]) => url),
    ...[...handedOver].filter((url) => !found.has(url)),
  ];
}

async function run(job: IndexJob): Promise<void> {
  if (!Number.isSafeInteger(job.indexChunkSize) || job.indexChunkSize <= 0) {
    // Pagefind would read anything else as its default, silently.
    throw new Error(`the job's indexChunkSize is ${JSON.stringify(job.indexChunkSize)}, not a whole number above 0`);
  }
  if (job.stagingBatch !== undefined && (!Number.isSafeInteger(job.stagingBatch) || job.stagingBatch <= 0)) {
    throw new Error(`the job's stagingBatch is ${JSON.stringify(job.stagingBatch)}, not a whole number above 0`);
  }
  // Read by Pagefind's indexing binary, which its Node API starts (at createIndex) with this process's environment.
  process.env[indexChunkSizeVariable] = String(job.indexChunkSize);
  const { index, errors } = await pagefind.createIndex({
    rootSelector: job.rootSelector,
    excludeSelectors: job.excludeSelectors,
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`Pagefind did not start: ${errors.join('; ')}`);
  const staging = await mkdtemp(path.join(tmpdir(), 'arena-search-'));
  try {
    const urls = await addPages(index, job, staging);
    await rm(job.outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath: job.outputPath });
    if (written.errors.length > 0) throw new Error(written.errors.join('; '));
    const staged = new Set(urls.values());
    const handedOver = new Set(job.pages.map((page) => page.url).filter((url) => !staged.has(url)));
    const empty = await restoreUrls(job.outputPath, urls, handedOver);
    for (const file of await readdir(job.outputPath)) {
      if (unusedPagefindFile.test(file)) await rm(path.join(job.outputPath, file));
    }
    // Read by the search-index plugin's log and by the indexer's test: how the pages reached Pagefind.
    console.log(`${urls.size} pages read from disk, ${job.pages.length - urls.size} handed over`);
    if (empty.length > 0) {
      // Not a failure: such a page has nothing a reader could find. Named in the build's log, since a page meant to
      // be found that lands here has no text under the job's rootSelector.
      const more = empty.length > 5 ? ` and ${empty.length - 5} more` : '';
      console.log(`${empty.length} with nothing to index: ${empty.slice(0, 5).join(', ')}${more}`);
    }
  } finally {
    // Pagefind stopped first: it may still be reading a batch when an error ends the run. A killed run leaves the
    // folder in the system's temporary folder.
    await pagefind.close();
    await rm(staging, { recursive: true, force: true });
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
