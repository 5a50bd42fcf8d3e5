import type { ClientManifest, NamedChunkGroup } from '../route-scripts/origins';

/** A lazy table's chunk name and its routes' own chunk groups (the modules split.ts moved into it). */
export interface LazyTableChunks {
  table: string;
  routes: NamedChunkGroup[];
}

/**
 * A reference page loads its lazy table before its route (src/components/LazyRouteGroup), but the server render reports
 * only the route's modules. So each of those modules' origins in the client manifest (by chunk name and by request;
 * see ../route-scripts/origins.ts) also lists the table's chunks, and the page's HTML names the table too.
 * Whichever plugin runs first, the result is the same: an origin already keyed by request keeps its chunks and gains
 * the table's. The manifest given is not changed.
 */
export function withLazyTables(manifest: ClientManifest, tables: readonly LazyTableChunks[]): ClientManifest {
  const origins = { ...manifest.origins };
  for (const { table, routes } of tables) {
    const tableChunks = manifest.origins[table];
    if (!tableChunks) continue;
    for (const route of routes) {
      const own = manifest.origins[route.name];
      if (!own) continue;
      for (const key of [route.name, ...route.requests.filter(Boolean)]) {
        origins[key] = [...new Set([...(origins[key] ?? own), ...tableChunks])];
      }
    }
  }
  return { ...manifest, origins };
}
