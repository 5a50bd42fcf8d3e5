import { fasterOptions } from './config/build';
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import { brand, siteTitle } from './config/brand';
import { brandFrontMatter } from './config/brandTokens';
import { apiDocs, gettingStartedDocs } from './config/docs';
import { generatedStaticDir } from './config/generated';
import { redirects } from './config/redirects';
import { search } from './config/search';
import { themeConfig } from './config/theme';
import { sidebarServerItemsFrom } from './src/core/sidebar/serverItems';
import { lazyRoutes, llmsExport, openapiDocuments } from './src/build/siteOptions';
import codeHighlighterPlugin from './src/plugins/code-highlighter';
import openapiSourcePlugin from './src/plugins/openapi-source';
import openapiPagesPlugin from './src/plugins/openapi-pages';
import recipesPlugin from './src/plugins/recipes';
import singlePageReferencePlugin from './src/plugins/single-page-reference';
import inlineScriptGuardPlugin from './src/plugins/inline-script-guard';
import searchIndexPlugin, { type SearchIndexOptions } from './src/plugins/search-index';
import robotsTxtPlugin from './src/plugins/robots-txt';
import lazyRoutesPlugin from './src/plugins/lazy-routes';
import bundleApartPlugin from './src/plugins/bundle-apart';
import routeScriptsPlugin from './src/plugins/route-scripts';
import leanDocsPlugin from './src/plugins/lean-docs';
import llmsExportPlugin from './src/plugins/llms-export';
import pageCachePlugin from './src/plugins/page-cache';
import remarkCodeFile from './src/plugins/remark-code-file';
import remarkEnvPrefix from './src/plugins/remark-env-prefix';
import remarkNarrowFacts from './src/plugins/remark-narrow-facts';

// Runnable samples are files beside their page, shown by ```lang file=./samples/x``` blocks (and run by tests); their
// environment variables then take the configured brand's prefix. A page importing an API's facts ships only the facts
// it shows. (Code, so here rather than in config/docs.ts, which is data.)
const remarkPlugins = [remarkCodeFile, remarkEnvPrefix, remarkNarrowFacts];

const config: Config = {
  title: siteTitle,
  tagline: `Build on the ${brand.name} competition platform: data, chat and event APIs`,
  url: brand.siteUrl,
  baseUrl: process.env.BASE_URL ?? '/',
  favicon: 'img/favicon.svg',
  staticDirectories: ['static', generatedStaticDir],
  titleDelimiter: '|',
  noIndex: false,
  // Spec §2: broken links and duplicate routes only warn; the browser suite fails on any broken link instead.
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  // Docusaurus Faster (Rspack, SWC); BENCH_WEBPACK=1 builds with webpack, the benchmark's anchor (npm run bench).
  future: { v4: true, faster: process.env.BENCH_WEBPACK === '1' ? false : fasterOptions(process.env) },
  // Read by the server's and the hydrating browser's sidebar lists (src/theme/DocSidebarItems).
  customFields: { sidebarServerItems: sidebarServerItemsFrom(process.env) },
  markdown: {
    // Diagrams (the recipes' flows) with the Mermaid theme, which loads Mermaid only on a page that draws one.
    mermaid: true,
    hooks: { onBrokenMarkdownLinks: 'warn' },
    parseFrontMatter: async (params) => {
      const result = await params.defaultParseFrontMatter(params);
      return { ...result, frontMatter: brandFrontMatter(result.frontMatter, brand) };
    },
  },
  presets: [
    [
      'classic',
      {
        // Both docs instances are added below through the lean-docs wrapper.
        docs: false,
        blog: false,
        theme: { customCss: './src/css/custom.css' },
        sitemap: { changefreq: 'weekly', priority: 0.5 },
      } satisfies Preset.Options,
    ],
  ],
  // Docusaurus loads the site's themes after every plugin: last of them, a large site's two bundler compilations in
  // two processes (config/build.ts, serverBundleApartFromRoutes) see what every plugin and theme added.
  themes: ['@docusaurus/theme-mermaid', bundleApartPlugin],
  plugins: [
    codeHighlighterPlugin,
    [openapiSourcePlugin, openapiDocuments],
    // These two read their options from src/build/siteOptions.ts: Docusaurus would ship them to every page.
    openapiPagesPlugin,
    singlePageReferencePlugin,
    // Reads its options from src/build/siteOptions.ts too; checks the recipes and writes their pages before the docs load.
    recipesPlugin,
    [leanDocsPlugin, { ...apiDocs, remarkPlugins }],
    [leanDocsPlugin, { ...gettingStartedDocs, remarkPlugins }],
    ['@docusaurus/plugin-client-redirects', redirects],
    [llmsExportPlugin, llmsExport],
    [lazyRoutesPlugin, lazyRoutes],
    routeScriptsPlugin,
    inlineScriptGuardPlugin,
    [searchIndexPlugin, search satisfies SearchIndexOptions],
    robotsTxtPlugin,
    pageCachePlugin,
    // Test-only routes (crash page, lazy loading) for the browser tests' variant build; never in a normal build.
    // Named by path, so a normal build does not even load the test tree's module.
    ...(process.env.E2E_TEST_ROUTES === '1' ? ['./tests/fixtures/plugins/e2e-test-routes/index.ts'] : []),
  ],
  themeConfig,
};

export default config;
