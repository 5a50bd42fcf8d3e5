/**
 * The client manifest Docusaurus writes (`.docusaurus/client-manifest.json`, by react-loadable-ssr-addon) and reads
 * back to name each page's scripts: `getBundles(manifest, modules)` looks every module the server render loaded up in
 * `origins`. The render reports modules by their request (`@site/docs/webhooks.mdx`, `@theme/DocItem`), as the
 * registry names them; but under webpack 5 and Rspack the addon keys `origins` by chunk name or id only. So no page's
 * HTML named its own chunks: the browser learnt of them only once `main.js` had run, one more round trip on every
 * first page load.
 */
export interface ClientManifest {
  entrypoints: string[];
  /** Origin (chunk name or id, and now also request) to the ids of the chunks it needs. */
  origins: Record<string, (string | number)[]>;
  assets: Record<string, Record<string, unknown[]>>;
}

/** A named chunk group of the client compilation: the registry's chunk name and the requests that import it. */
export interface NamedChunkGroup {
  name: string;
  requests: string[];
}

/**
 * Adds an origin per request of each named chunk group, with the chunks the group's name already lists. A request
 * that is already an origin keeps its entry; a group the manifest does not know adds nothing. The manifest given is
 * not changed.
 */
export function withRequestOrigins(manifest: ClientManifest, groups: readonly NamedChunkGroup[]): ClientManifest {
  const origins = { ...manifest.origins };
  for (const group of groups) {
    const chunks = manifest.origins[group.name];
    if (!chunks) continue;
    for (const request of group.requests) {
      if (request && !Object.hasOwn(origins, request)) origins[request] = [...chunks];
    }
  }
  return { ...manifest, origins };
}
