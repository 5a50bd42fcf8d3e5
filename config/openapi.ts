import type { LazyRoutesOptions } from '../src/plugins/lazy-routes';
import type { LlmsExportOptions } from '../src/plugins/llms-export';
import type { PluginOptions } from '../src/plugins/openapi-source/lib/options';
import { brand } from './brand';
import { mockUrl } from './mock';

/**
 * Generated static files (the resolved OpenAPI documents); gitignored, rebuilt by every start and build.
 * OPENAPI_GENERATED_DIR lets a second build (the remote-document test) keep out of the main build's way.
 */
export const generatedStaticDir = process.env.OPENAPI_GENERATED_DIR ?? '.generated/static';

/**
 * The two APIs: vendored documents are the embedded default, a URL in the named variable overrides each. The Data
 * API reference also loads its document at runtime (spec §1), from DATA_API_RUNTIME_SPEC_URL or the site's own copy.
 */
/** Sidebar items of the generated reference pages, read by `sidebars/docs.ts`; gitignored like the pages. */
export const generatedSidebarsDir = '.generated/sidebars';

/** Generated operation and schema pages of one API, in the `/docs` instance under `docs/<folder>/reference/`. */
function pages(id: string, folder: string, credential: string, mock: string) {
  return {
    dir: `docs/${folder}/reference`,
    docIdPrefix: `${folder}/reference`,
    slugBase: `/${folder}`,
    linkBase: `/docs/${folder}`,
    credentialVariable: `${brand.slug.toUpperCase()}_${credential}`,
    mockUrl: mock,
    sidebarFile: `${generatedSidebarsDir}/${id}.json`,
    // Read by the overview pages and guides: `import facts from '@site/.generated/facts/<id>.json'`.
    factsFile: `.generated/facts/${id}.json`,
  };
}

export const openapiSource = {
  staticDir: generatedStaticDir,
  apis: [
    {
      id: 'data-v4',
      vendored: 'openapi/data-v4.yaml',
      urlVariable: 'DATA_API_SPEC_URL',
      pages: pages('data-v4', 'data-api', 'API_KEY', mockUrl('data')),
      reference: {
        route: '/api/data',
        title: 'Data API reference',
        description: 'Every call of the Data API v4: read-only, authenticated with an API key.',
        overview: '/docs/data-api/data',
        runtimeSpecUrl: process.env.DATA_API_RUNTIME_SPEC_URL || '/openapi/data-v4.json',
      },
    },
    {
      id: 'chat-v1',
      vendored: 'openapi/chat-v1.yaml',
      urlVariable: 'CHAT_API_SPEC_URL',
      pages: pages('chat-v1', 'chat-api', 'ACCESS_TOKEN', mockUrl('chat')),
      reference: {
        route: '/api/chat',
        title: 'Chat API reference',
        description: 'Every call of the Chat API v1: chat rooms and messages, authenticated with an OAuth2 token.',
        overview: '/docs/chat-api/chat',
      },
    },
  ],
} satisfies PluginOptions;

/** What the llms-export plugin needs of each API: where its pages are and how its samples name the credential. */
export const llmsExport = {
  apis: openapiSource.apis.map((api) => ({
    id: api.id,
    linkBase: api.pages.linkBase,
    reference: api.reference.route,
    credentialVariable: api.pages.credentialVariable,
  })),
} satisfies LlmsExportOptions;

/** The generated reference pages' share of the route tables loads with those pages only (src/plugins/lazy-routes). */
export const lazyRoutes = {
  modulePrefixes: openapiSource.apis.map((api) => `@site/${api.pages.dir}/`),
} satisfies LazyRoutesOptions;
