/**
 * `search_docs`' engine: the site's own search, run in Node. The index is the one the build published (under
 * `/pagefind/`, read through the portal source like every other artefact), searched by Pagefind's own module and
 * ordered by lib/search, the code behind the site's search box, so an assistant gets the rows a reader would.
 *
 * Pagefind has no search API for Node (its package only builds indexes), so its browser module runs here. The code
 * that runs (`pagefind.js` and its WebAssembly) is the installed Pagefind's, taken from its Node API, never the
 * source's: a deployed portal's files are data to this process, not code. The module's `fetch` and `console` are
 * its own: reads go to the source, and its logs to stderr (stdout is the MCP protocol's).
 */
import { Console } from 'node:console';
import process from 'node:process';
import { excerptParts } from '../../src/core/search/excerpt';
import { pagefindRanking, searchPages, type Pagefind } from '../../src/core/search/pagefind';
import type { SearchHit } from '../../src/core/search/rank';
import type { PortalSource } from './source';

/** Where the build writes the index (plugins/search-index), below the site's base. */
const indexFolder = '/pagefind/';

const entryFile = 'pagefind-entry.json';

let bundledCode: Promise<Map<string, Uint8Array>> | undefined;

/** Pagefind's search module and WebAssembly as the installed version writes them for any index. */
function bundledFiles(): Promise<Map<string, Uint8Array>> {
  bundledCode ??= (async () => {
    // Imported when first searched, as a module: the package is ESM only, and the server starts without it.
    const pagefindNode = await import('pagefind');
    try {
      const { index, errors } = await pagefindNode.createIndex({});
      if (!index) throw new Error(errors.join('; '));
      await index.addCustomRecord({ url: '/', content: 'search', language: 'en' });
      const { files } = await index.getFiles();
      return new Map(
        files
          .filter((file) => ['pagefind.js', entryFile].includes(file.path) || file.path.endsWith('.pagefind'))
          .map((file) => [file.path, file.content]),
      );
    } finally {
      await pagefindNode.close();
    }
  })();
  bundledCode.catch(() => (bundledCode = undefined));
  return bundledCode;
}

/** What each loaded module reads its `fetch` and `console` from (one entry per source, by number). */
const hooksKey = Symbol.for('developer-portal.mcp.pagefind');
type Hooks = Record<number, { fetch: typeof fetch; console: Console }>;
let loadedCount = 0;

function hooks(): Hooks {
  const global = globalThis as unknown as Record<symbol, Hooks | undefined>;
  return (global[hooksKey] ??= {});
}

/** Pagefind's reads, answered from the installed Pagefind (code) or the source (the index's parts). */
function indexFetch(source: PortalSource, code: Map<string, Uint8Array>): typeof fetch {
  return async (input) => {
    // Pagefind adds a cache-busting query (`pagefind-entry.json?ts=…`); the file is the path.
    const sitePath = String(input instanceof Request ? input.url : input).replace(/[?#].*$/s, '');
    const name = sitePath.startsWith(indexFolder) ? sitePath.slice(indexFolder.length) : undefined;
    if (name === undefined) return new Response('not part of the search index', { status: 404 });
    const bundled = name === entryFile ? undefined : code.get(name);
    try {
      const bytes = bundled ?? (await source.bytes(sitePath));
      const type = name.endsWith('.pagefind') ? 'application/wasm' : 'application/octet-stream';
      return new Response(bytes.slice(), { headers: { 'content-type': type } });
    } catch (error) {
      return new Response(error instanceof Error ? error.message : String(error), { status: 404 });
    }
  };
}

function versionOf(entry: Uint8Array | undefined): string | undefined {
  try {
    const { version } = JSON.parse(new TextDecoder().decode(entry)) as { version?: unknown };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

async function openIndex(source: PortalSource): Promise<Pagefind> {
  // The index is checked before Pagefind reads it: its module reports a missing or foreign index by rejecting a
  // promise no caller holds, and its WebAssembly reads only the index format of its own version.
  let entry: Uint8Array;
  try {
    entry = await source.bytes(`${indexFolder}${entryFile}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the portal has no search index (${reason})`);
  }
  const code = await bundledFiles();
  const script = code.get('pagefind.js');
  if (!script) throw new Error('the installed Pagefind wrote no pagefind.js');
  const [theirs, ours] = [versionOf(entry), versionOf(code.get(entryFile))];
  if (!theirs || theirs !== ours) {
    throw new Error(`the portal's search index is from Pagefind ${theirs ?? '(unknown)'}; this server reads ${ours}`);
  }
  const id = loadedCount++;
  hooks()[id] = { fetch: indexFetch(source, code), console: new Console(process.stderr) };
  const prelude = `const { fetch, console } = globalThis[Symbol.for(${JSON.stringify(hooksKey.description)})][${id}];\n`;
  const text = prelude + new TextDecoder().decode(script);
  // A module of its own per source: Pagefind keeps its instance in module state.
  const module = (await import(
    /* webpackIgnore: true */ `data:text/javascript;base64,${Buffer.from(text).toString('base64')}`
  )) as Pagefind;
  await module.options({ basePath: indexFolder, baseUrl: '/', ranking: pagefindRanking, excerptLength: 24 });
  await module.init();
  return module;
}

/** Longest a search may take, first load of the index included (about 0.2 s from a local build). */
const searchTimeoutMs = 20_000;

function withinTime<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

const opened = new WeakMap<PortalSource, Promise<Pagefind>>();

export interface DocsHit extends Omit<SearchHit, 'score' | 'excerpt'> {
  /** The matched text, plain: the index's marks and entities removed. */
  excerpt: string;
}

/** The site search's rows for a query, best first, with absolute URLs on the source's site. */
export async function searchDocs(
  source: PortalSource,
  request: { query: string; section?: string; limit: number },
): Promise<DocsHit[]> {
  let index = opened.get(source);
  if (!index) {
    index = openIndex(source);
    index.catch(() => opened.delete(source));
    opened.set(source, index);
  }
  const hits = await withinTime(
    index.then((pagefind) => searchPages(pagefind, request)),
    searchTimeoutMs,
    'the search index did not answer in time',
  );
  return hits.map(({ score: _score, excerpt, url, ...hit }) => ({
    ...hit,
    url: `${source.siteUrl}${url}`,
    excerpt: excerptParts(excerpt)
      .map((part) => part.text)
      .join(''),
  }));
}
