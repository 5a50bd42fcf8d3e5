import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/** One page as Pagefind stored it: what its result shows (url, title and other metadata, filters) and its text. */
export interface IndexedPage {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  /** Elements with an id, where they start in the text: a result's sections are made of its headings. */
  anchors: { element: string; id: string; text: string; location: number }[];
}

/** Pagefind writes each page's fragment gzipped, after this signature. */
const signature = 'pagefind_dcd';

export function parseFragment(file: Buffer): IndexedPage {
  const text = gunzipSync(file).toString('utf8');
  if (!text.startsWith(signature)) throw new Error('not a Pagefind fragment');
  return JSON.parse(text.slice(signature.length)) as IndexedPage;
}

/**
 * A fragment as Pagefind writes it, for the indexer's one change to what Pagefind wrote: a page's URL (staging.ts). The
 * file keeps its name, by which Pagefind's page list knows it (pagefind.js reads a fragment by that name and checks
 * no hash of its bytes).
 */
export function fragmentFile(page: object): Buffer {
  return gzipSync(`${signature}${JSON.stringify(page)}`);
}

/** Every page of a built Pagefind index (`build/pagefind`): for tests and the benchmark, which read what was indexed. */
export function indexedPages(indexDir: string): IndexedPage[] {
  const fragments = path.join(indexDir, 'fragment');
  // An index of no pages has no fragment folder (Pagefind 1.6 writes none).
  if (!existsSync(path.join(indexDir, 'pagefind-entry.json'))) throw new Error(`${indexDir}: no Pagefind index`);
  if (!existsSync(fragments)) return [];
  return readdirSync(fragments).map((name) => parseFragment(readFileSync(path.join(fragments, name))));
}
