import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';

/** Options both docs instances share. */
const shared = {
  breadcrumbs: true,
  sidebarCollapsible: true,
  sidebarCollapsed: true,
  showLastUpdateTime: false,
  // The remark plugins (samples from files, the brand's variable prefix, narrowed facts) are code: docusaurus.config.ts
  // adds them to both instances.
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
