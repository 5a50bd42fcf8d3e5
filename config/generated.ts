import type { ApiRecord } from './apis';

// Where the build writes what it generates from the API documents, and where the changelogs live: paths only.

/**
 * Generated static files (the resolved OpenAPI documents); gitignored, rebuilt by every start and build. A build
 * other than the main one runs in its own copy of the site (tools/lib/siteCopy.ts), so it has its own.
 */
export const generatedStaticDir = '.generated/static';

/** Sidebar items of the generated reference pages, read by `sidebars/docs.ts`; gitignored like the pages. */
export const generatedSidebarsDir = '.generated/sidebars';

/** The changelog of all APIs; each API's own is `/docs/<folder>/changelog`. Feeds are `atom.xml` beside each page. */
export const changelogRoute = '/docs/changelog';

/** The API's changelog history, appended to by `npm run specs:pull`: committed, never rewritten. */
export function changelogHistory(api: ApiRecord): string {
  return `openapi/changelog/${api.id}.json`;
}

/**
 * The recipes' pages (one per `openapi/recipes/*.arazzo.yaml`, an index and the folder's category), written into the
 * Getting Started docs instance by every start and build; gitignored like `docs/<folder>/reference/`.
 */
export const generatedRecipePagesDir = 'getting-started/recipes';

/** The data each recipe page imports (`<slug>.json`, and `index.json` for the index), gitignored. */
export const generatedRecipesDataDir = '.generated/recipes';
