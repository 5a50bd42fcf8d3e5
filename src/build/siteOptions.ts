import type { LazyRoutesOptions } from './lazy-routes/options';
import type { LlmsExportOptions } from './llms/exportPages';
import type { PluginOptions } from './pipeline/options';
import type { RecipePagesOptions } from './recipes/pages';
import type { RecipeApi } from './recipes/load';
import { apis, type ApiRecord } from '../../config/apis';
import { brand } from '../../config/brand';
import {
  changelogHistory,
  changelogRoute,
  generatedRecipePagesDir,
  generatedRecipesDataDir,
  generatedSidebarsDir,
  generatedStaticDir,
} from '../../config/generated';
import { mockUrl } from '../../config/mock';
import { DEFAULT_PLUGIN_ID } from '@docusaurus/utils';
import { lightModulePrefix } from './pages/lightDocs';
import { tagPropsModulePrefix } from './pages/tagPages';
import { signInOrigins, trustedOrigins } from './hosts';

// The plugins' options, derived from the API registry (config/apis.ts) and the vendored documents' hosts: the
// registry is data, this is what the build makes of it.

/** Generated operation and schema pages of one API, in the `/docs` instance under `docs/<folder>/reference/`. */
function pages(api: ApiRecord, index: number) {
  return {
    dir: `docs/${api.folder}/reference`,
    docIdPrefix: `${api.folder}/reference`,
    slugBase: `/${api.folder}`,
    linkBase: `/docs/${api.folder}`,
    credentialVariable: api.credential.variable,
    baseUrlVariable: api.baseUrlVariable,
    mockUrl: mockUrl(api.key),
    trustedOrigins: trustedOrigins(api),
    signInOrigins: signInOrigins(api),
    // Each schema's fields, fetched by a page when the reader opens a nested field: `/openapi/<id>/schemas/<slug>.json`.
    schemaFiles: { dir: `${generatedStaticDir}/openapi/${api.id}`, route: `/openapi/${api.id}` },
    // Description links: a tag's anchor opens the single-page reference at the tag; site-relative links per the record.
    descriptionLinks: { referenceRoute: api.reference.route, portalLinks: api.portalLinks ?? false },
    sidebarFile: `${generatedSidebarsDir}/${api.id}.json`,
    // Read by the overview pages and guides: `import facts from '@site/.generated/facts/<id>.json'`.
    factsFile: `.generated/facts/${api.id}.json`,
    // Read by the webhooks page: its events, subscription types, signing scheme and handlers.
    webhooksFile: `.generated/webhooks/${api.id}.json`,
    // The API's landing and overview pages, from one template and the record's prose.
    overview: {
      id: api.id,
      title: api.title,
      slugBase: `/${api.folder}`,
      overview: api.overview,
      reference: api.reference.route,
      // After the docs root (index.mdx is first), in the order of config/apis.ts.
      position: index + 2,
      credential: api.credential.kind,
      prose: api.prose,
      quickStart: api.quickStart,
    },
  };
}

export const openapiSource = {
  staticDir: generatedStaticDir,
  // Read by the pages that list every API: `import apis from '@site/.generated/facts/apis.json'`.
  factsListFile: '.generated/facts/apis.json',
  changelog: { route: changelogRoute, dataDir: '.generated/changelog', author: brand.name },
  apis: apis.map((api, index) => ({
    id: api.id,
    vendored: api.vendored,
    urlVariable: api.urlVariable,
    unusedSchemas: api.unusedSchemas,
    changelog: changelogHistory(api),
    pages: pages(api, index),
    reference: {
      route: api.reference.route,
      title: api.reference.title,
      description: api.reference.description,
      overview: `/docs/${api.folder}/${api.overview}`,
      // Spec §1: the Data API reference loads its document at runtime too, by default the site's own copy.
      runtimeSpecUrl: api.reference.runtimeVariable
        ? process.env[api.reference.runtimeVariable] || `/openapi/${api.id}.json`
        : undefined,
    },
  })),
} satisfies PluginOptions;

/**
 * The source plugin's options: only what resolving and publishing the documents needs. Docusaurus ships every
 * plugin's options to the browser (inside the serialized site config, in every page's main bundle), so the pages and
 * single-page reference plugins, whose options carry page prose and paths, read `openapiSource` from here instead of
 * taking it through docusaurus.config.ts.
 */
export const openapiDocuments = {
  staticDir: openapiSource.staticDir,
  apis: openapiSource.apis.map(({ id, vendored, urlVariable, unusedSchemas, pages }) => ({
    id,
    vendored,
    urlVariable,
    unusedSchemas,
    environment: { credentialVariable: pages.credentialVariable, baseUrlVariable: pages.baseUrlVariable },
    trustedOrigins: pages.trustedOrigins,
    // Every API's overview, in every API's folder: a document cannot take a name another API's folder uses.
    reservedPageNames: apis.map((api) => api.overview),
  })),
} satisfies PluginOptions;

/** What the llms-export plugin needs of each API: where its pages are and how its samples name the credential. */
export const llmsExport = {
  apis: openapiSource.apis.map((api) => ({
    id: api.id,
    linkBase: api.pages.linkBase,
    reference: api.reference.route,
    overview: api.reference.overview,
    credentialVariable: api.pages.credentialVariable,
    baseUrlVariable: api.pages.baseUrlVariable,
    trustedOrigins: api.pages.trustedOrigins,
    portalLinks: api.pages.descriptionLinks.portalLinks,
  })),
} satisfies LlmsExportOptions;

/** The generated reference pages' share of the route tables loads with those pages only (src/plugins/lazy-routes). */
export const lazyRoutes = {
  // A page's route names its MDX, or its JSON module when it is a light page (src/build/pages/lightDocs.ts); those
  // pages are the /docs instance's, which has Docusaurus's default id (config/docs.ts). A split reference's tag pages
  // (`/api/<api>/<tag>`) name their props module (src/build/pages/tagPages.ts); the reference's index stays.
  modulePrefixes: openapiSource.apis.flatMap((api) => [
    `@site/${api.pages.dir}/`,
    lightModulePrefix(DEFAULT_PLUGIN_ID, api.pages.dir),
    tagPropsModulePrefix(DEFAULT_PLUGIN_ID, api.id),
  ]),
} satisfies LazyRoutesOptions;

/**
 * The recipes plugin's options (src/plugins/recipes): where the recipe pages and their data go, and each API's
 * vendored document (which a recipe's source names) and routes. Read from here, not passed through
 * docusaurus.config.ts: Docusaurus would ship them to every page.
 */
export const recipes = {
  pagesDir: generatedRecipePagesDir,
  // The Getting Started instance's route (config/docs.ts) and the folder's name in it.
  routeBase: `/${generatedRecipePagesDir}`,
  dataDir: generatedRecipesDataDir,
  category: {
    label: 'Recipes',
    // After the guides (3), before the partner integration guide (4).
    position: 3.5,
    description:
      'Tasks that take several calls, step by step: what each call sends, what it keeps for the next and what counts as success.',
  },
  apis: openapiSource.apis.map((api) => ({
    id: api.id,
    vendored: api.vendored,
    linkBase: api.pages.linkBase,
    credentialVariable: api.pages.credentialVariable,
    baseUrlVariable: api.pages.baseUrlVariable,
    // Where the page's runner may send (the same as Try it on the API's call pages): without them it could run
    // against the local mock only.
    mockUrl: api.pages.mockUrl,
    trustedOrigins: api.pages.trustedOrigins,
    signInOrigins: api.pages.signInOrigins,
  })),
} satisfies RecipePagesOptions & { apis: readonly RecipeApi[] };
