import type { ChunkFiles } from '../../core/lazy-routes/chunkFiles';

export type { ChunkFiles };

/*
 * The webpack runtime (`runtime~main`, loaded by every page) names every chunk of the site three times: chunk id to
 * name and chunk id to content hash (`__webpack_require__.u`, the file of a chunk), and chunk name to id (Docusaurus's
 * `__webpack_require__.gca`, for prefetching), some 55 bytes a chunk. Each generated reference page is a chunk, so a
 * guide's JavaScript grew with the API (161 KB of the runtime at 16 times today's documents). After bundling, these
 * functions move the reference pages' chunks out of those maps into the lazy route table that loads them
 * (./split.ts), some 20 bytes a chunk there: the table registers their files when it loads
 * (src/components/LazyRouteGroup), before any of its loaders asks for one. They read the runtime's text before minification and throw when it is not shaped as expected, so a
 * bundler upgrade that changes it fails the build instead of shipping pages that cannot load.
 */

/** The string a lazy table passes to `registerChunkFiles` until its chunks' files replace it. */
export function chunkFilesPlaceholder(table: number): string {
  return `__lazy_route_chunk_files_${table}__`;
}

/** A chunk of a lazy table's routes, as the bundler emitted it. */
export interface LazyChunk {
  id: string;
  name: string;
  /** Its JavaScript file, relative to the output directory (what `__webpack_require__.u` returns). */
  file: string;
}

export interface LazyTableAsset {
  table: number;
  source: string;
  chunks: LazyChunk[];
}

/**
 * `__webpack_require__.u`: prefix + (idToName[id] || id) + "." + idToHash[id] + ".js", as rspack 1.7 writes it (a
 * function body that returns it) and webpack 5 (an arrow function's expression in parentheses).
 */
const filenamePattern =
  /(__webpack_require__\.u = (?:\(chunkId\) =>|function\(chunkId\)) (?:\{[^{}]*?return |\())("[^"]*") \+ \((\{[^{}]*\})\[chunkId\] \|\| chunkId\) \+ "\." \+ (\{[^{}]*\})\[chunkId\] \+ "\.js"/;
/** Docusaurus's `__webpack_require__.gca` (core/lib/webpack/plugins/ChunkAssetPlugin.js): name to id. */
const chunkAssetPattern =
  /(__webpack_require__\.gca = function\(chunkId\) \{ chunkId = )(\{[^{}]*\})(\[chunkId\]\|\|chunkId;)/;

/** A map of the runtime: a JSON object, but rspack ends it with a comma. */
function readMap(text: string, what: string): Record<string, string> {
  try {
    return JSON.parse(text.replace(/,\s*\}$/, '}')) as Record<string, string>;
  } catch {
    throw new Error(`[lazy-routes] the webpack runtime's ${what} is not a JSON object`);
  }
}

/**
 * Removes the lazy tables' chunks from the runtime's maps and writes their files into each table in place of its
 * placeholder. A chunk the runtime does not name as expected (its file is not prefix + name + "." + hash + ".js")
 * stops the build.
 */
export function moveChunkFiles(
  runtime: string,
  tables: readonly LazyTableAsset[],
): { runtime: string; tables: string[]; moved: number } {
  const filename = filenamePattern.exec(runtime);
  const chunkAsset = chunkAssetPattern.exec(runtime);
  if (!filename || !chunkAsset) {
    throw new Error(
      `[lazy-routes] the webpack runtime has no ${filename ? '__webpack_require__.gca' : '__webpack_require__.u'} of the expected shape (a bundler or Docusaurus upgrade?)`,
    );
  }
  const prefix = JSON.parse(filename[2]) as string;
  const names = readMap(filename[3], 'chunk name map');
  const hashes = readMap(filename[4], 'chunk hash map');
  const ids = readMap(chunkAsset[2], 'chunk id map');

  const moved = new Set<string>();
  const editedTables = tables.map(({ table, source, chunks }) => {
    const registered: ChunkFiles = { prefix, files: {} };
    for (const chunk of chunks) {
      const file = `${names[chunk.id] ?? chunk.id}.${hashes[chunk.id]}`;
      if (!moved.has(chunk.id) && (names[chunk.id] !== chunk.name || `${prefix}${file}.js` !== chunk.file)) {
        throw new Error(
          `[lazy-routes] the webpack runtime names chunk ${chunk.id} (${chunk.name}) ${prefix}${file}.js, not ${chunk.file}`,
        );
      }
      registered.files[chunk.id] = file;
      moved.add(chunk.id);
    }
    const placeholder = JSON.stringify(chunkFilesPlaceholder(table));
    const parts = source.split(placeholder);
    if (parts.length !== 2) {
      throw new Error(`[lazy-routes] lazy table ${table} holds its placeholder ${parts.length - 1} times, not once`);
    }
    return parts.join(JSON.stringify(registered));
  });
  // Docusaurus prefetches by chunk name only the routes of the main table, so nothing asks gca for a moved chunk;
  // if something did, it would get a file name with "undefined", which Docusaurus's prefetch skips.
  for (const id of moved) {
    delete ids[names[id]];
    delete names[id];
    delete hashes[id];
  }
  const edited = runtime
    .replace(
      filenamePattern,
      (_, start: string, quotedPrefix: string) =>
        `${start}${quotedPrefix} + (${JSON.stringify(names)}[chunkId] || chunkId) + "." + ${JSON.stringify(hashes)}[chunkId] + ".js"`,
    )
    .replace(chunkAssetPattern, (_, start: string, __: string, end: string) => `${start}${JSON.stringify(ids)}${end}`);
  return { runtime: edited, tables: editedTables, moved: moved.size };
}
