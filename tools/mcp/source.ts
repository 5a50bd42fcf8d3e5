import { open } from 'node:fs/promises';
import path from 'node:path';
import { readCapped } from '../../src/build/node/readCapped';

/**
 * The largest file the server reads from a portal, and how long one read may take: a portal is data, and a huge or
 * endless answer (a 400 MB twin took the server to 2.1 GB) is refused by name, not held. Graph-sized documents
 * (tens of MB resolved) stay under it.
 */
export const maxPortalFileBytes = 64 * 1024 * 1024;
export const portalReadSeconds = 30;

/**
 * Where the MCP server reads the portal from: a built site folder (`build/`) or a deployed portal's URL. It reads
 * only what the build publishes (the resolved documents under `/openapi/`, the Markdown twins, `llms.txt`), so
 * the server and the site say the same thing: one source, no second copy of the documents.
 */
export interface PortalSource {
  /** Where the pages are, for links in answers: the portal's URL, or the folder's routes as they would be served. */
  siteUrl: string;
  /** The text of a published file by its site path (`/openapi/data-v4.json`); throws if there is none. */
  text(sitePath: string): Promise<string>;
  /** The bytes of a published file (the search index's parts); throws if there is none. */
  bytes(sitePath: string): Promise<Uint8Array>;
}

/** A site path the server may read: absolute, no `..` segment, no scheme, no backslash. */
function checkedPath(sitePath: string): string {
  if (!sitePath.startsWith('/') || sitePath.startsWith('//') || /\\|(^|\/)\.\.(\/|$)/.test(sitePath)) {
    throw new Error(`not a path of the site: ${sitePath}`);
  }
  return sitePath;
}

function tooLarge(sitePath: string, maxBytes: number): Error {
  return new Error(`the portal's ${sitePath} is over ${Math.round(maxBytes / 1024 / 1024)} MB: not read`);
}

export function folderSource(folder: string, siteUrl: string, maxBytes = maxPortalFileBytes): PortalSource {
  const root = path.resolve(folder);
  const bytes = async (sitePath: string): Promise<Uint8Array> => {
    const file = path.join(root, checkedPath(sitePath));
    let handle;
    try {
      handle = await open(file, 'r');
    } catch {
      throw new Error(`the built site has no ${sitePath} (is ${root} a build of the portal? run npm run build)`);
    }
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) throw tooLarge(sitePath, maxBytes);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  };
  return {
    siteUrl,
    bytes,
    text: async (sitePath) => new TextDecoder().decode(await bytes(sitePath)),
  };
}

/**
 * A deployed portal's files. Redirects are refused, each read is cut off at `maxBytes` and `seconds` (the signal
 * also ends a body that trickles), and nothing read from it widens where a credential goes: the API's hosts come
 * from config/apis.ts, never from the portal.
 */
export function urlSource(
  portalUrl: string,
  fetchImpl: typeof fetch = fetch,
  limits: { maxBytes: number; seconds: number } = { maxBytes: maxPortalFileBytes, seconds: portalReadSeconds },
): PortalSource {
  const base = portalUrl.replace(/\/+$/, '');
  const bytes = async (sitePath: string): Promise<Uint8Array> => {
    const url = `${base}${checkedPath(sitePath)}`;
    try {
      const response = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(limits.seconds * 1000) });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`${url} answered HTTP ${response.status}`);
      }
      const read = await readCapped(response, limits.maxBytes);
      if (read.truncated) throw tooLarge(sitePath, limits.maxBytes);
      return read.bytes;
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new Error(`${url} did not answer whole within ${limits.seconds} s: not read`);
      }
      throw error;
    }
  };
  return {
    siteUrl: base,
    bytes,
    text: async (sitePath) => new TextDecoder().decode(await bytes(sitePath)),
  };
}
