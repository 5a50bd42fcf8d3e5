import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assetFiles,
  assetPattern,
  assetsOf,
  codeDigest,
  dataFilesOf,
  fileHash,
  htmlFileOf,
  pageCacheFormat,
  readPageCache,
  runtimeFile,
  stillRenders,
  templateDigest,
  writePageCache,
  type CachedPage,
  type CollectedData,
  type PageCacheHeader,
} from './store';
import { readPageCacheHints } from './sidebars';

/** What Docusaurus's `executeSSG` (`@docusaurus/core/lib/ssg/ssgExecutor.js`) takes and gives, as far as it is read here. */
export interface SsgArguments {
  router: string;
  props: {
    outDir: string;
    siteDir: string;
    generatedFilesDir: string;
    baseUrl: string;
    routesPaths: string[];
    headTags: string;
    preBodyTags: string;
    postBodyTags: string;
    siteConfig: {
      trailingSlash: boolean | undefined;
      noIndex: boolean;
      ssrTemplate?: string;
      future: { faster: { swcHtmlMinimizer: boolean }; v4: unknown };
    };
  };
  [other: string]: unknown;
}
export type ExecuteSsg = (args: SsgArguments) => Promise<{ collectedData: Record<string, CollectedData> }>;

// The installed Docusaurus's own arguments must give everything read here (each field required where Docusaurus's is,
// so that a field renamed upstream is not taken for an absent optional one): an upgrade that renames a field fails
// type-checking, not a build (nor, worse, reads `undefined` into the digest).
type UpstreamArguments = Parameters<typeof import('@docusaurus/core/lib/ssg/ssgExecutor.js').executeSSG>[0];
export const upstreamArgumentsFit = (args: UpstreamArguments): SsgArguments => args;

/** The cache's file in its folder; the previous build's output, moved aside by tools/build, is `previousOutput`. */
export const pageCacheFile = 'pages.ndjson';
/**
 * Where the render step writes the cache: tools/build renames it to `pageCacheFile` once the build has ended well
 * (postBuild's checks and the broken-link check come after the render), so that a build stopped or failed after
 * rendering leaves no cache whose pages those checks never saw.
 */
export const pendingPageCacheFile = `${pageCacheFile}.pending`;
export const previousOutput = 'previous';

/** The Node version, its ICU data and the default locale and time zone a page renders under. */
export function runtimeIdentity(): Record<string, string | undefined> {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  // TZ as set too: a worker thread may not see a change the process made to it after it started.
  return {
    node: process.version,
    icu: process.versions.icu,
    tz: process.versions.tz,
    locale,
    timeZone,
    TZ: process.env.TZ,
  };
}

/** What the template adds around a page's render, read from the site's props (Docusaurus's `ssgParams.js`). */
function digestOf(props: SsgArguments['props'], docusaurusVersion: string): string {
  const { siteConfig } = props;
  const lockfile = path.join(props.siteDir, 'package-lock.json');
  return templateDigest(
    {
      docusaurusVersion,
      baseUrl: props.baseUrl,
      headTags: props.headTags,
      preBodyTags: props.preBodyTags,
      postBodyTags: props.postBodyTags,
      ssrTemplate: siteConfig.ssrTemplate ?? null,
      trailingSlash: siteConfig.trailingSlash ?? null,
      noIndex: siteConfig.noIndex ?? null,
      swcHtmlMinimizer: siteConfig.future.faster.swcHtmlMinimizer ?? null,
      v4: siteConfig.future.v4,
      code: codeDigest(props.siteDir),
      // What a render reads of the machine: dates and numbers are formatted by the runtime's ICU in its time zone.
      runtime: runtimeIdentity(),
    },
    existsSync(lockfile) ? readFileSync(lockfile, 'utf8') : '',
  );
}

export interface PageCacheReport {
  reused: number;
  rendered: number;
  /** Why no page could be reused, when none was. */
  reason?: string;
}

/**
 * Docusaurus's static-site generation with the page cache of folder `folder` around it: the pages that render as
 * before (store.ts) are copied from the previous build's output (`previousOutput`, the new runtime's name put in),
 * the others rendered by `render` (Docusaurus's own), and the cache written again for every page (as pending: tools/build
 * makes it the cache once the build has ended well). What the build
 * collected of a copied page (its links, for the broken-link check; its metadata, for postBuild) comes from the cache.
 */
export async function cachedSsg(
  args: SsgArguments,
  render: ExecuteSsg,
  folder: string,
  docusaurusVersion: string,
  report: (said: PageCacheReport) => void,
): Promise<{ collectedData: Record<string, CollectedData> }> {
  const { props } = args;
  const { outDir, baseUrl, routesPaths } = props;
  const trailingSlash = props.siteConfig.trailingSlash;
  const digest = digestOf(props, docusaurusVersion);
  const runtime = runtimeFile(outDir);
  const cacheFile = path.join(folder, pageCacheFile);
  const pendingFile = path.join(folder, pendingPageCacheFile);
  await rm(pendingFile, { force: true });
  copiedRegistry().delete(outDir);
  const previousDir = path.join(folder, previousOutput);
  const unusable = (header: PageCacheHeader) =>
    header.outDir !== outDir
      ? 'the cache is of another output folder'
      : header.templateDigest !== digest
        ? "the code, the template, a plugin's head tags or the installed packages changed"
        : undefined;
  const cache = await readPageCache(cacheFile, (header) => unusable(header) === undefined);
  // Gone until this build's is written: a build stopped while rendering leaves pages the cache would not describe.
  await rm(cacheFile, { force: true });
  const reason = !cache
    ? 'no cache from an earlier build, or one of an older format'
    : (unusable(cache.header) ??
      (!runtime
        ? 'no single runtime script in this build'
        : !existsSync(previousDir)
          ? "the previous build's output is gone"
          : undefined));
  const reusable = reason === undefined && cache ? cache : undefined;
  // The docs metadata chunks are known by what the server reads of them, the lazy tables by their index (sidebars.ts),
  // other files by their names.
  const hints = readPageCacheHints(props.generatedFilesDir);
  const chunkOf = (file: string) => file.slice(0, file.indexOf('.'));
  const identity = (asset: string) => {
    const shape = hints.sidebars.get(asset);
    if (shape !== undefined) return `sidebars:${chunkOf(asset)}:${shape}`;
    const table = hints.tables.get(asset);
    return table === undefined ? asset : `lazy-table:${table}`;
  };
  const assets = new Set(reusable ? [...assetFiles(outDir)].map(identity) : []);
  // Files a copied page names under their old names: the runtime, and a metadata chunk of the same shape or a lazy
  // table under a new name (the old files are gone).
  const renamed = new Map<string, string>();
  if (reusable && runtime && runtime !== reusable.header.runtime) renamed.set(reusable.header.runtime, runtime);
  for (const [before, shape] of Object.entries(reusable?.header.sidebarChunks ?? {})) {
    const now = [...hints.sidebars].find(([file, hinted]) => hinted === shape && chunkOf(file) === chunkOf(before));
    if (now && now[0] !== before) renamed.set(before, now[0]);
  }
  const tableFiles = new Map([...hints.tables].map(([file, table]) => [table, file]));
  for (const [before, table] of Object.entries(reusable?.header.lazyTables ?? {})) {
    const now = tableFiles.get(table);
    if (now && now !== before) renamed.set(before, now);
  }
  // One pass over a copied page for all of them: a replaceAll per name was one pass per table (612 at Graph's size).
  const withNewNames = (html: string) => {
    const replaced = new Set<string>();
    const text = html.replace(assetPattern(baseUrl), (whole, asset: string) => {
      const now = renamed.get(asset);
      if (now === undefined) return whole;
      replaced.add(asset);
      return `${baseUrl}${now}`;
    });
    return { text, replaced };
  };
  const pages = new Map<string, CachedPage>();
  const toRender: string[] = [];
  // Each data file hashed once: a schema's data may be named by several pages.
  const hashes = new Map<string, string | undefined>();
  const hashOf = (file: string) => {
    if (!hashes.has(file)) hashes.set(file, fileHash(path.join(outDir, file)));
    return hashes.get(file);
  };
  for (const pathname of routesPaths) {
    const page = reusable?.pages.get(pathname);
    const source = page && path.join(previousDir, page.file);
    const copied =
      reusable &&
      runtime &&
      page &&
      source &&
      page.file === htmlFileOf(pathname, baseUrl, trailingSlash) &&
      stillRenders(page, assets, hashOf) &&
      existsSync(source);
    // A page that does not name the runtime the cache says it was written with came from another build (a bare
    // `docusaurus build`, a build with the cache off): it is rendered.
    const written = copied ? await readFile(source, 'utf8') : '';
    if (copied && written.includes(reusable.header.runtime)) {
      const { text: html, replaced } = withNewNames(written);
      // An old name left anywhere but where an asset is named (none known): rendered, not guessed at. Only the names
      // this page was written with are looked for (a page names one table of hundreds).
      if (![...replaced].some((name) => html.includes(name))) {
        await mkdir(path.dirname(path.join(outDir, page.file)), { recursive: true });
        await writeFile(path.join(outDir, page.file), html);
        pages.set(pathname, page);
        continue;
      }
    }
    toRender.push(pathname);
  }
  // What the cache held of the pages rendered now is not needed again (its links are most of it, at Graph's size
  // hundreds of MB): let it go before rendering, which needs the memory.
  reusable?.pages.clear();
  const rendered =
    toRender.length > 0
      ? await render({ ...args, props: { ...props, routesPaths: toRender } })
      : { collectedData: {} as Record<string, CollectedData> };
  const renderedRuntime = runtime ?? runtimeFile(outDir);
  for (const pathname of toRender) {
    const file = htmlFileOf(pathname, baseUrl, trailingSlash);
    const html = await readFile(path.join(outDir, file), 'utf8');
    const named = assetsOf(html, baseUrl)
      .filter((asset) => asset !== renderedRuntime)
      .map(identity);
    // The page's own lazy category, which its render shows whole: its file is named by a hash of its items.
    const category = hints.categories.get(pathname);
    if (category !== undefined) named.push(category);
    const dataFiles = Object.fromEntries(
      // A file missing now is recorded as such: the page is rendered again once it is there.
      dataFilesOf(html).map((data) => [data, hashOf(data) ?? '']),
    );
    pages.set(pathname, { file, assets: named, dataFiles, data: rendered.collectedData[pathname] });
  }
  // Without a runtime to replace, no page could be reused next time: no cache is written.
  if (renderedRuntime) {
    await writePageCache(
      pendingFile,
      {
        format: pageCacheFormat,
        outDir,
        templateDigest: digest,
        runtime: renderedRuntime,
        sidebarChunks: Object.fromEntries(hints.sidebars),
        lazyTables: Object.fromEntries(hints.tables),
      },
      routesPaths.flatMap((pathname): [string, CachedPage][] => {
        const page = pages.get(pathname);
        return page ? [[pathname, page]] : [];
      }),
    );
  }
  const rendering = new Set(toRender);
  copiedRegistry().set(
    outDir,
    new Set(routesPaths.flatMap((pathname) => (rendering.has(pathname) ? [] : [pages.get(pathname)?.file ?? '']))),
  );
  report({ reused: routesPaths.length - toRender.length, rendered: toRender.length, ...(reason ? { reason } : {}) });
  const collectedData: Record<string, CollectedData> = {};
  for (const pathname of routesPaths) collectedData[pathname] = pages.get(pathname)?.data;
  Object.assign(collectedData, rendered.collectedData);
  return { collectedData };
}

/** The pages each render of this process copied, by output folder: one registry, whichever copy of this module. */
function copiedRegistry(): Map<string, Set<string>> {
  const key = Symbol.for('arena.pageCache.copied');
  const holder = globalThis as { [key]?: Map<string, Set<string>> };
  return (holder[key] ??= new Map<string, Set<string>>());
}

/**
 * The HTML files (relative to `outDir`) the page cache copied from the last build in this process's render: for
 * postBuild checks whose result for those pages cannot have changed (the same bytes but for asset file names, and that
 * build's checks passed: a cache is kept only from a build that ended well, `pendingPageCacheFile`). Empty when nothing was copied.
 */
export function copiedPages(outDir: string): ReadonlySet<string> {
  return copiedRegistry().get(outDir) ?? new Set();
}
