/** The lazy-routes plugin's options (src/build/siteOptions.ts writes them from the API registry). */
export interface LazyRoutesOptions {
  /** Module path prefixes (as Docusaurus's registry names them, `@site/...`) of the routes to load lazily. */
  modulePrefixes: string[];
  /** Routes per lazy table, fixed: by default it grows with the routes (`balancedRoutesPerTable` in ./split.ts). */
  routesPerTable?: number;
}
