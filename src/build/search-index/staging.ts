/**
 * Where the indexer (indexer.mts) stages a page for Pagefind to read from disk, and the URL Pagefind then gives it.
 *
 * Why stage at all: Pagefind's Node API takes a page given in the call (`addHTMLFile`) as a message over its binary's
 * standard input (the HTML as base64 in JSON), and indexes such pages one at a time; pages it reads from a folder
 * (`addDirectory`) it reads and indexes on every core. Autotask's 3,967 pages (534 MB of HTML), 2026-11-29: Pagefind's
 * part handed them one by one took 35.7 s (25.0 s with 16 in flight), read from a folder 9.5 s; the whole indexer,
 * two runs each in turn on a loaded machine, 53.5 and 42.9 s before, 35.5 and 35.5 s staged (writing the pages is now
 * most of it). The fragments are the same page for page but for the URLs: Pagefind names a page read from disk by its
 * path (the `index.html` of `/docs/x`'s folder is `/docs/x/`), so the indexer puts each page's own URL back in its
 * fragment.
 */

/**
 * A segment a staged page's URL may hold: a route's own (no `.` or `..`, no escape, no backslash, no dot at the end,
 * which some file systems drop). Tested segment by segment: one expression over the whole URL with optional slashes
 * backtracked exponentially on a URL it refused (a long segment ending in `é` took seconds).
 */
const stageableSegment = /^[A-Za-z0-9_~-](?:[A-Za-z0-9._~-]*[A-Za-z0-9_~-])?$/;

/**
 * The path, relative to a staging folder, at which a page of URL `url` is staged (`/docs/x` as the `index.html` of a
 * folder `x` in `docs`), or nothing for a URL that is not plainly a path of the site's (a dot segment, an escape, a
 * character a file name would change): such a page is handed to Pagefind in the call instead.
 */
export function stagedPath(url: string): string | undefined {
  if (!url.startsWith('/')) return undefined;
  const folder = url.slice(1);
  const segments = folder.endsWith('/') ? folder.slice(0, -1).split('/') : folder.split('/');
  if (folder !== '' && !segments.every((segment) => stageableSegment.test(segment))) return undefined;
  return folder === '' || folder.endsWith('/') ? `${folder}index.html` : `${folder}/index.html`;
}

/** The URL Pagefind gives a page it read at `relative` in a staged folder (its fossicker: `index.html` dropped). */
export function pagefindUrl(relative: string): string {
  return `/${relative.replace(/index\.html$/, '')}`;
}

/**
 * Each of a job's page URLs with the path it is staged at, or nothing when it is handed to Pagefind in the call: a URL
 * `stagedPath` refuses, and one whose staged name would be another page's (Pagefind keeps one page per URL, and names
 * `/docs/x`, staged, `/docs/x/` until its fragment is restored: beside a page `/docs/x/` of the job, or a second URL of
 * one path, it goes in the call under its own URL).
 */
export function stagingPlan(urls: readonly string[]): Map<string, string | undefined> {
  const own = new Set(urls);
  const named = new Set<string>();
  const plan = new Map<string, string | undefined>();
  for (const url of urls) {
    const relative = stagedPath(url);
    const name = relative === undefined ? undefined : pagefindUrl(relative);
    const staged = name !== undefined && !named.has(name) && (name === url || !own.has(name));
    if (staged) named.add(name);
    plan.set(url, staged ? relative : undefined);
  }
  return plan;
}
