import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import remarkCodeFile from '../src/plugins/remark-code-file';
import remarkEnvPrefix from '../src/plugins/remark-env-prefix';
import remarkNarrowFacts from '../src/plugins/remark-narrow-facts';

/** Options both docs instances share. */
const shared = {
  breadcrumbs: true,
  sidebarCollapsible: true,
  sidebarCollapsed: true,
  showLastUpdateTime: false,
  // Runnable samples are files beside their page, shown by ```lang file=./samples/x``` blocks (and run by tests);
  // their environment variables then take the configured brand's prefix. A page importing an API's facts ships
  // only the facts it shows.
  remarkPlugins: [remarkCodeFile, remarkEnvPrefix, remarkNarrowFacts],
} satisfies DocsOptions;

/**
 * The `/docs` instance: the API docs root, both API references and the webhooks page. The generated operation pages
 * land here too (API reference issue), so the guides never load the API theme's code.
 */
export const apiDocs = {
  ...shared,
  path: 'docs',
  routeBasePath: 'docs',
  sidebarPath: './sidebars/docs.ts',
  // Provides the components the generated pages use without importing them.
  docItemComponent: '@site/src/components/ApiOperation/DocItem',
} satisfies DocsOptions;

/** The `/getting-started` instance: intro, authentication, guides, partner guide and brand guidelines. */
export const gettingStartedDocs = {
  ...shared,
  id: 'getting-started',
  path: 'getting-started',
  routeBasePath: 'getting-started',
  sidebarPath: './sidebars/getting-started.ts',
} satisfies DocsOptions;
