import { readFile } from 'node:fs/promises';
import path from 'node:path';

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

export function folderSource(folder: string, siteUrl: string): PortalSource {
  const root = path.resolve(folder);
  const bytes = async (sitePath: string): Promise<Uint8Array> => {
    const file = path.join(root, checkedPath(sitePath));
    try {
      return await readFile(file);
    } catch {
      throw new Error(`the built site has no ${sitePath} (is ${root} a build of the portal? run npm run build)`);
    }
  };
  return {
    siteUrl,
    bytes,
    text: async (sitePath) => new TextDecoder().decode(await bytes(sitePath)),
  };
}

export function urlSource(portalUrl: string, fetchImpl: typeof fetch = fetch): PortalSource {
  const base = portalUrl.replace(/\/+$/, '');
  const get = async (sitePath: string): Promise<Response> => {
    const url = `${base}${checkedPath(sitePath)}`;
    const response = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    return response;
  };
  return {
    siteUrl: base,
    text: async (sitePath) => (await get(sitePath)).text(),
    bytes: async (sitePath) => new Uint8Array(await (await get(sitePath)).arrayBuffer()),
  };
}
