import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { defaultFetchLimits, fetchText, type FetchLimits } from './fetchText';
import { appendEntry, createEntry, readHistory, type ChangelogEntry } from './changelog/history';
import { diffDocuments, formatDiff, type DocumentDiff } from './diff';
import { prepareDocument, type RenderCheck } from './resolve';
import { toYaml } from './serialize';
import { writeFileAtomic } from './writeAtomic';
import type { JsonObject } from '../../core/openapi/document';

export interface PullResult {
  id: string;
  differs: boolean;
  diff: DocumentDiff;
  report: string;
  written: boolean;
  /** The changelog entry appended, when the vendored document was replaced. */
  entry?: ChangelogEntry;
  /** What `vet` found wrong with the fetched document (the recipes that no longer match it), found before writing. */
  problems: string[];
}

/**
 * Fetches an API's remote document, validates and normalizes it, compares it with the vendored copy and, unless
 * `check` is set, replaces the vendored file atomically and appends what changed to the API's changelog history.
 * A remote document that cannot be used throws: a pull never replaces a good vendored copy with a bad one.
 */
export async function pullApi(options: {
  id: string;
  url: string;
  vendoredPath: string;
  check: boolean;
  /** Whether a document can be built into pages (the build's own check): one that cannot never replaces the copy. */
  renderable: RenderCheck;
  limits?: FetchLimits;
  fetchImpl?: typeof fetch;
  /** The API's history file, the day of the pull (`YYYY-MM-DD`, UTC) and an optional note for the entry. */
  changelog?: { path: string; date: string; note?: string };
  /**
   * Problems of the fetched document for what else the site builds from it (the recipes, src/build/recipes/check.ts),
   * run before anything is written and reported with the result; the document is still vendored.
   */
  vet?: (document: JsonObject) => string[];
}): Promise<PullResult> {
  const fetched = await fetchText(options.url, options.limits ?? defaultFetchLimits, options.fetchImpl);
  const remote = await prepareDocument(fetched.text, options.renderable, undefined, options.url);
  const vendored = await prepareDocument(await readFile(options.vendoredPath, 'utf8'), options.renderable);
  const problems = options.vet ? options.vet(remote.document) : [];
  const diff = diffDocuments(vendored.document, remote.document);
  // Key order is not compared: the YAML copy and a JSON remote order keys differently.
  const differs = !isDeepStrictEqual(vendored.document, remote.document);
  const details =
    differs && diff.changes.length === 0 && diff.addedOperations.length === 0
      ? '\n  (descriptions, examples or other details differ)'
      : '';
  const report = `${formatDiff(options.id, diff)}${details}`;
  let written = false;
  let entry: ChangelogEntry | undefined;
  if (differs && !options.check) {
    const history = options.changelog && (await readHistory(options.changelog.path, options.id));
    await writeFileAtomic(options.vendoredPath, toYaml(remote.document));
    written = true;
    if (options.changelog && history) {
      const taken = history.entries.map((existing) => existing.id);
      entry = createEntry(vendored.document, remote.document, { ...options.changelog, taken });
      await appendEntry(options.changelog.path, options.id, entry);
    }
  }
  return { id: options.id, differs, diff, report, written, ...(entry ? { entry } : {}), problems };
}
