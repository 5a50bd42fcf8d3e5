/** Where a lazy sidebar category's items are served, relative to the site's base URL (src/build/lazy-routes/served.ts). */
export function categoryFile(key: string): string {
  return `assets/sidebar/${key}.json`;
}
