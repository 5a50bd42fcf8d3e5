/**
 * Which lazy table holds a route: a hash of its path, so that neither the main bundle nor a lazy table needs an index
 * of every route (one would grow with the site). The build (src/build/lazy-routes/split.ts) and the browser (src/components/LazyRouteGroup)
 * compute it alike.
 */
export function normalizedRoutePath(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/** FNV-1a over the path's UTF-16 code units, modulo the number of tables. */
export function tableIndex(path: string, tables: number): number {
  let hash = 0x811c9dc5;
  const normalized = normalizedRoutePath(path);
  for (let index = 0; index < normalized.length; index += 1) {
    hash ^= normalized.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % tables;
}
