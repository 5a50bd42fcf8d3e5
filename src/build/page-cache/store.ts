import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

/*
 * What the page cache knows of a build's pages, and how it tells a page that would render as before.
 *
 * A page's HTML is what React renders on the server for its path, in the HTML template, minified. The browser renders
 * the same page again from the scripts the HTML names (React's hydration requires it): the runtime, main.js (the
 * site's config, global data and route tables), and the chunks of the page's routes, which the server's render lists
 * (every module it rendered). Each script's name carries a hash of its content. So when every file a page's HTML
 * names under `assets/` is still there, under the same name, the page's own code and data did not change: rendering
 * it again would give the same HTML. The one exception is the runtime, whose name changes with any chunk's (it maps
 * chunks to their names) and which renders nothing: the reused HTML gets the new runtime's name. What the template
 * adds around the render (head tags from plugins, the template, the minifier, Docusaurus's version, the installed
 * packages) and the site's code (`codeDigest`: the server's bundle has modules of its own) make the build's
 * `templateDigest`: when it changes, no page is reused.
 *
 * What the server reads apart from the scripts is checked apart:
 * - a reference page's data (src/components/ApiOperation/pageData): the server reads the page's data file while it
 *   renders, and the page names it (`data-reference-page`), as the browser fetches it; its name does not change with
 *   its content, so the cache keeps a hash of its bytes;
 * - the sidebar's lazy categories (src/core/lazy-routes), whose items the server's bundle holds whole and the browser
 *   fetches: their keys are hashes of their items, held by the docs metadata every /docs page loads, and by the lazy
 *   route table of each of the category's pages. The metadata chunk is known by what the server reads of it, a table
 *   by its index, and a category's page depends on its category's file (sidebars.ts): a new label renders again the
 *   pages of its category, which show it whole, not every page of the tables that hold its key.
 */

/** Bumped when what a cache entry holds or means changes: an older cache is then not read. */
export const pageCacheFormat = 2;

/** What the build collected of a page while rendering it (links, anchors, metadata): handed on to postBuild. */
export type CollectedData = unknown;

export interface CachedPage {
  /** The HTML file, relative to the output folder. */
  file: string;
  /**
   * Every `assets/` file the HTML names, relative to the base URL, but the runtime; a docs metadata chunk as
   * `sidebars:<its chunk>:<hash of its shape>`, a lazy route table as `lazy-table:<its index>`, and, for a page of a
   * lazy sidebar category, the category's file (`assets/sidebar/<key>.json`; sidebars.ts).
   */
  assets: string[];
  /** The data files the server read for the page (`dataFilesOf`), relative to the output folder: a hash of each, or ''. */
  dataFiles: Record<string, string>;
  data: CollectedData;
}

export interface PageCacheHeader {
  format: number;
  /** The output folder (absolute) the pages were written to. */
  outDir: string;
  templateDigest: string;
  /** The runtime's file name in those pages (`assets/js/runtime~main.<hash>.js`). */
  runtime: string;
  /** The docs metadata chunks those pages name, and their shapes (sidebars.ts): renamed in a copied page. */
  sidebarChunks: Record<string, string>;
  /** The lazy route tables' files, and their indexes (sidebars.ts): renamed in a copied page. */
  lazyTables: Record<string, number>;
}

/** The webpack runtime's file, relative to the base URL; `undefined` unless the output folder has exactly one. */
export function runtimeFile(outDir: string): string | undefined {
  const folder = path.join(outDir, 'assets', 'js');
  if (!existsSync(folder)) return undefined;
  const found = readdirSync(folder).filter((name) => /^runtime~main\.[0-9a-f]+\.js$/.test(name));
  return found.length === 1 ? `assets/js/${found[0]}` : undefined;
}

/**
 * A copy of a string that does not hold the string it was cut from: V8 keeps a match's parent text alive for as long
 * as the match lives, and the names cut from every page's HTML live until the cache is written. At Microsoft Graph's
 * 14,684 pages they held every page's HTML, and the render step ran out of its 4 GB heap.
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Every file under `assets/` a page names (attribute, preload, inline style), relative to the base URL. */
export function assetsOf(html: string, baseUrl: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(assetPattern(baseUrl))) found.add(match[1]);
  return [...found].sort().map(detached);
}

/**
 * A file under `assets/` as a page names it (after the base URL), the name in its first group: what a page is known by
 * (`assetsOf`) and what a copied page's new names are put in for (ssg.ts), one pattern for both.
 */
export function assetPattern(baseUrl: string): RegExp {
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(assets/[^\\s"'<>()\`,;]+)`, 'g');
}

/**
 * The reference data files a page names (`data-reference-page`: a path from the site's root, which the page's data
 * route is, without the base URL), relative to the output folder.
 */
export function dataFilesOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/data-reference-page=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    found.add((match[1] ?? match[2] ?? match[3]).replace(/^\/+/, ''));
  }
  return [...found].sort().map(detached);
}

/** A hash of a file's bytes; `undefined` when it is missing. */
export function fileHash(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/**
 * The HTML file of a route's path, relative to the output folder, as Docusaurus writes it (`ssgUtils.js`'s
 * `writeStaticFile`, not exported): the base URL off, `x.html` kept, else `x/index.html`, or `x.html` when the site
 * asks for no trailing slash.
 */
export function htmlFileOf(pathname: string, baseUrl: string, trailingSlash: boolean | undefined): string {
  const local = baseUrl === '/' ? pathname : pathname.replace(new RegExp(`^${baseUrl}`), '/');
  const name = local.replace(/^[/\\]/, '');
  if (/\.html?$/i.test(name)) return name;
  if (trailingSlash === undefined || local === '' || local.endsWith('/') || trailingSlash) {
    return path.join(name, 'index.html');
  }
  return `${name}.html`;
}

/**
 * One hash of what the HTML template adds around every page's render: a change to any of it renders every page.
 * `installed` is the lockfile's text (the minifier's and every package's version), empty when the site has none.
 */
export function templateDigest(parts: Record<string, unknown>, installed: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ format: pageCacheFormat, parts, installed }))
    .digest('hex');
}

/**
 * The site's code: what the server renders with that no script of the browser's shows. A few modules exist on the
 * server's side only (a reference page's data reader, the renderer's options, the loaders), and the names of the
 * browser's scripts cannot tell when they change; so a change to any file under `src/`, `config/` or `sidebars/` (the
 * sidebars' code, which may import more), or to the Docusaurus config, renders every page. The cache is for what a docs team edits between builds: the documents and
 * the guides.
 */
export function codeDigest(siteDir: string): string {
  const hash = createHash('sha256');
  const files = ['src', 'config', 'sidebars'].flatMap((folder) =>
    existsSync(path.join(siteDir, folder))
      ? readdirSync(path.join(siteDir, folder), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)))
      : [],
  );
  if (existsSync(path.join(siteDir, 'docusaurus.config.ts'))) files.push('docusaurus.config.ts');
  for (const file of files.sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(siteDir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether a page cached as `page` renders as before in a build whose `assets/` files are `assets`, and whose data
 * files hash as `hashOf` says.
 */
export function stillRenders(
  page: CachedPage,
  assets: ReadonlySet<string>,
  hashOf: (file: string) => string | undefined,
): boolean {
  return (
    page.assets.every((asset) => assets.has(asset)) &&
    Object.entries(page.dataFiles).every(([file, hash]) => (hashOf(file) ?? '') === hash)
  );
}

/** Every file under `assets/` of an output folder, relative to the base URL. */
export function assetFiles(outDir: string): Set<string> {
  const root = path.join(outDir, 'assets');
  if (!existsSync(root)) return new Set();
  return new Set(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) => `assets/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
      ),
  );
}

/**
 * The cache file: its header on the first line, then one line per page (`[pathname, page]`). Lines, not one JSON
 * text: at Microsoft Graph's 14,684 pages the links each page collects (its sidebar's) make hundreds of MB, near
 * V8's largest string. Written under another name and renamed, so a build stopped while writing leaves no half cache.
 */
export async function writePageCache(
  file: string,
  header: PageCacheHeader,
  pages: Iterable<[string, CachedPage]>,
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const handle = await open(partial, 'w');
  try {
    await handle.write(`${JSON.stringify(header)}\n`);
    for (const entry of pages) await handle.write(`${JSON.stringify(entry)}\n`);
  } finally {
    await handle.close();
  }
  await rename(partial, file);
}

/** Whether `value` is a header this code wrote: its format, and each field of the type it reads. */
function isHeader(value: unknown): value is PageCacheHeader {
  const header = value as Partial<PageCacheHeader> | null;
  return (
    typeof header === 'object' &&
    header !== null &&
    header.format === pageCacheFormat &&
    typeof header.outDir === 'string' &&
    typeof header.templateDigest === 'string' &&
    typeof header.runtime === 'string' &&
    header.runtime !== '' &&
    typeof header.sidebarChunks === 'object' &&
    header.sidebarChunks !== null &&
    typeof header.lazyTables === 'object' &&
    header.lazyTables !== null
  );
}

/**
 * A cache file's header and pages; `undefined` when there is none, or it is of another format or malformed. The pages
 * are read only when `wanted(header)`: at Graph's size they are some 140 MB, not worth reading for a cache that is of
 * another output folder or whose code changed.
 */
export async function readPageCache(
  file: string,
  wanted: (header: PageCacheHeader) => boolean = () => true,
): Promise<{ header: PageCacheHeader; pages: Map<string, CachedPage> } | undefined> {
  if (!existsSync(file)) return undefined;
  let header: PageCacheHeader | undefined;
  const pages = new Map<string, CachedPage>();
  const input = createReadStream(file, 'utf8');
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line === '') continue;
      const value = JSON.parse(line) as unknown;
      if (header === undefined) {
        if (!isHeader(value)) return undefined;
        header = value;
        if (!wanted(header)) break;
        continue;
      }
      const [pathname, page] = value as [string, CachedPage];
      if (
        typeof pathname !== 'string' ||
        typeof page?.file !== 'string' ||
        !Array.isArray(page.assets) ||
        typeof page.dataFiles !== 'object' ||
        page.dataFiles === null
      ) {
        return undefined;
      }
      pages.set(pathname, page);
    }
  } catch {
    // A cache that cannot be read is no cache: every page is rendered, as on a first build.
    return undefined;
  } finally {
    // Leaving the loop early (a header not wanted, a malformed line) leaves the file open otherwise: closing the
    // line reader does not close its input.
    lines.close();
    input.destroy();
  }
  return header ? { header, pages } : undefined;
}
