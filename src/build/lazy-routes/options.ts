/** The lazy-routes plugin's options (src/build/siteOptions.ts writes them from the API registry). */
export interface LazyRoutesOptions {
  /** Module path prefixes (as Docusaurus's registry names them, `@site/...`) of the routes to load lazily. */
  modulePrefixes: string[];
  /**
   * Routes per lazy table (24 unless set): a reference page loads the table of its own routes only, some 370 B a
   * route (its registry entry, chunk names, route object and chunk file), while each table costs the webpack runtime,
   * which every page loads, one entry of its chunk maps (~55 B). At 64 a table was 27 KB, the largest share of an
   * operation page's own JavaScript; from 32 to 24 an operation page loads 3 KB less and, at 1,000 reference pages,
   * every page 1.5 KB more.
   */
  routesPerTable?: number;
}
