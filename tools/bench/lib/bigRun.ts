/**
 * `npm run bench -- --big`: the build's time, memory and output at five sizes of API, each a throw-away copy of the
 * site with one large real document added the way an API is added: none (the site's own calls), Stripe's (dense:
 * every schema reaches most others), GitHub's (1,000+ calls), Autotask's and Microsoft Graph's; then a second build
 * in the same folder after one call of that document changed (what a docs team's next build costs). What the issue
 * of big documents asks to be reported; the scale axis (`--scale`) grows the site's own documents instead.
 */
import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { listOperations, type JsonObject } from '../../../src/core/openapi/document';
import {
  addRealApis,
  autotaskDocument,
  githubDocument,
  graphDocument,
  realDocumentPath,
  stripeDocument,
  type RealDocument,
} from '../../lib/realDocuments';
import { copySite } from '../../lib/siteCopy';
import { apis } from '../../../config/apis';
import { filesUnder, sum, timedBuild } from './scaleRun';
import { measureBigPages, type BigPages } from './bigPages';

export interface BigRow {
  label: string;
  calls: number;
  schemas: number;
  pages: number;
  wall: number;
  cpu: number;
  /** Peak resident set size of the build, and of each step, bytes. */
  rss: number;
  stepRss: Record<string, number>;
  bytes: number;
  /** Bytes of the generated MDX pages, which the bundler compiles. */
  mdxBytes: number;
  /** HTML bytes of the pages, and of the largest, with the JavaScript files the build wrote. */
  htmlBytes: number;
  jsBytes: number;
  /**
   * The second build, in the same folder after a one-call change (`withOneCallChanged`): seconds and peak bytes;
   * `null` when it failed (the cold build's figures are kept all the same).
   */
  warm: { wall: number; cpu: number; rss: number; copied?: number; rendered?: number } | null;
  /** What a reader downloads from the cold build (`measureBigPages`); absent from rows written before it was. */
  readerPages?: BigPages;
}

/** What the page cache (src/build/page-cache) said of a build's pages: copied and rendered; none when it said nothing. */
export function pageCacheCounts(output: string): { copied: number; rendered: number } | undefined {
  const said = /\[page-cache\] (\d+) pages copied from the previous build, (\d+) rendered/.exec(output);
  return said ? { copied: Number(said[1]), rendered: Number(said[2]) } : undefined;
}

/**
 * The document with one call changed as an author would change it: the first operation's summary gets a word more.
 * The document's other calls, schemas and order stay as they were. Pure: returns a copy.
 */
export function withOneCallChanged(document: JsonObject): JsonObject {
  const changed = structuredClone(document);
  const [first] = listOperations(changed);
  if (!first) throw new Error('the document has no call to change');
  // The listed operation is the copy's own object, wherever the document keeps it (an OpenAPI 3.2 call may sit
  // under `additionalOperations`, not under its method).
  const { operation } = first;
  operation.summary = `${typeof operation.summary === 'string' ? operation.summary : first.method} (changed)`;
  return changed;
}

function counts(file: string): { calls: number; schemas: number } {
  // JSON is YAML: the vendored documents are YAML, the real ones JSON.
  const document = parse(readFileSync(file, 'utf8')) as JsonObject;
  const components = (document.components ?? {}) as JsonObject;
  return { calls: listOperations(document).length, schemas: Object.keys(components.schemas ?? {}).length };
}

/** The row of the site alone: today's size, the anchor of the pages' ratios. */
export const siteAloneLabel = "the site's own APIs";

/** The sizes of the axis: the site alone, then each document as a third API, smallest to largest. */
export const bigDocuments: readonly (RealDocument | undefined)[] = [
  undefined,
  stripeDocument,
  githubDocument,
  autotaskDocument,
  graphDocument,
];

/** The axis's sizes named by `--documents` (`site,stripe,graph`): `site` is the site alone. Throws on an unknown name. */
export function pickBigDocuments(names: string | undefined): (RealDocument | undefined)[] {
  if (names === undefined) return [...bigDocuments];
  return names.split(',').map((name) => {
    if (name === 'site') return undefined;
    const found = bigDocuments.find((document) => document?.slug === name);
    if (!found) {
      const known = ['site', ...bigDocuments.flatMap((document) => (document ? [document.slug] : []))];
      throw new Error(`--documents: no document named ${JSON.stringify(name)} (known: ${known.join(', ')})`);
    }
    return found;
  });
}

export async function measureBig(document: RealDocument | undefined, log: (message: string) => void): Promise<BigRow> {
  const site = copySite(process.cwd(), `bench-big-${document?.slug ?? 'site'}-`);
  try {
    let calls = 0;
    let schemas = 0;
    for (const api of apis) {
      const own = counts(path.join(site.dir, api.vendored));
      calls += own.calls;
      schemas += own.schemas;
    }
    if (document) {
      addRealApis(site.dir, [document]);
      const added = counts(realDocumentPath(document));
      calls += added.calls;
      schemas += added.schemas;
    }
    const label = document ? `the site and ${document.slug}` : siteAloneLabel;
    // The document a one-call change goes into for the warm build: the third API's, or the site's first.
    const changedFile = document
      ? path.join(site.dir, `openapi/real-${document.slug}.json`)
      : path.join(site.dir, apis[0].vendored);
    log(`building ${label} (${calls} calls, ${schemas} schemas) in ${site.dir}`);
    const outDir = path.join(site.dir, 'build');
    const { time, stepRss } = await timedBuild(site.dir, outDir, label);
    const files = filesUnder(outDir);
    const mdx = filesUnder(path.join(site.dir, 'docs')).filter((item) => item.file.endsWith('.mdx'));
    const row: Omit<BigRow, 'warm'> = {
      label,
      calls,
      schemas,
      pages: files.filter((item) => item.file.endsWith(`${path.sep}index.html`)).length,
      wall: time.wall,
      cpu: time.cpu,
      rss: time.rss,
      stepRss,
      bytes: sum(files),
      mdxBytes: sum(mdx),
      htmlBytes: sum(files.filter((item) => item.file.endsWith('.html'))),
      jsBytes: sum(files.filter((item) => item.file.endsWith('.js'))),
    };
    log(`${label}: ${time.wall.toFixed(0)} s wall, peak RSS ${(time.rss / 1e9).toFixed(2)} GB`);
    try {
      row.readerPages = await measureBigPages(outDir, document ? `real-${document.slug}` : undefined);
      log(`${label}: pages and search measured (${JSON.stringify(row.readerPages)})`);
    } catch (error) {
      // A browser that would not start, a query that timed out: the build's figures stand without these.
      log(
        `${label}: pages and search not measured: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}`,
      );
    }
    // JSON is YAML: the vendored documents are YAML, the real ones JSON; written back as JSON either way.
    writeFileSync(
      changedFile,
      JSON.stringify(withOneCallChanged(parse(readFileSync(changedFile, 'utf8')) as JsonObject), null, 1),
    );
    try {
      const warm = await timedBuild(site.dir, outDir, `${label}, one call changed`);
      log(`${label}, one call changed: ${warm.time.wall.toFixed(0)} s wall`);
      return {
        ...row,
        warm: { wall: warm.time.wall, cpu: warm.time.cpu, rss: warm.time.rss, ...pageCacheCounts(warm.output) },
      };
    } catch (error) {
      // At Graph's size the cold build alone is most of an hour: its figures are not thrown away with the second.
      log(
        `${label}, one call changed: the build failed: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}`,
      );
      return { ...row, warm: null };
    }
  } finally {
    // BENCH_BIG_KEEP=1 keeps the copy and its build (after the one-call change), to look at or serve the pages.
    if (process.env.BENCH_BIG_KEEP === '1') log(`${document?.slug ?? 'site'}: kept ${site.dir}`);
    else site.remove();
  }
}

/** The table: one row per size. Pure. */
export function bigTable(rows: readonly BigRow[]): string {
  const gb = (bytes: number) => (bytes / 1e9).toFixed(2);
  const kb = (bytes: number) => (bytes / 1024).toFixed(0);
  // Today's call page: ours in the site alone, when the run built it.
  const today = rows.find((row) => row.label === siteAloneLabel)?.readerPages?.ownCall;
  const ofToday = (bytes: number, anchor: number | undefined) =>
    anchor === undefined ? '' : ` (${(bytes / anchor).toFixed(2)})`;
  const pagesOf = (pages: BigPages | undefined) => {
    if (!pages) return '— | — | —';
    const { ownCall, call } = pages;
    const { medianBytes, maxBytes, mrr, top3 } = pages.search;
    return (
      `${kb(ownCall.totalRaw)}${ofToday(ownCall.totalRaw, today?.totalRaw)} / ${kb(ownCall.totalGzip)}${ofToday(ownCall.totalGzip, today?.totalGzip)} | ` +
      `${call ? `${kb(call.totalRaw)} / ${kb(call.totalGzip)}` : '—'} | ` +
      `${kb(medianBytes)} / ${kb(maxBytes)}; ${mrr.toFixed(2)} / ${top3.toFixed(2)}`
    );
  };
  return [
    "| build | calls | schemas | pages | wall s | CPU s | peak RSS GB | per step GB | output MB | HTML KB per page | JS MB | MDX MB | one call changed: wall s, of cold | pages copied, rendered | our call page KB raw / gzip (of the site alone's) | its first call page by name KB raw / gzip | search, first query KB median / max; MRR / top-3 |",
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.calls} | ${row.schemas} | ${row.pages} | ${row.wall.toFixed(0)} | ${row.cpu.toFixed(0)} | ` +
        `${gb(row.rss)} | ${Object.entries(row.stepRss)
          .map(([step, rss]) => `${step} ${gb(rss)}`)
          .join(
            ', ',
          )} | ${(row.bytes / 1e6).toFixed(1)} | ${(row.htmlBytes / 1e3 / Math.max(row.pages, 1)).toFixed(1)} | ` +
        `${(row.jsBytes / 1e6).toFixed(1)} | ${(row.mdxBytes / 1e6).toFixed(1)} | ` +
        `${row.warm ? `${row.warm.wall.toFixed(0)}, ${(row.warm.wall / row.wall).toFixed(2)}` : 'failed'} | ` +
        `${row.warm?.copied === undefined ? '—' : `${row.warm.copied}, ${row.warm.rendered}`} | ${pagesOf(row.readerPages)} |`,
    ),
  ].join('\n');
}
