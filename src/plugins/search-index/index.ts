import type { LoadContext, Plugin } from '@docusaurus/types';
import { searchSections } from '../../core/search/sections';
import { buildSearchIndex, validateSearchIndexOptions } from '../../build/search-index';

export type { SearchIndexOptions } from '../../build/search-index';

/** Offline search: the results page's filters as global data, and after the build the index (src/build/search-index). */
export default function searchIndexPlugin(context: LoadContext, raw: unknown): Plugin {
  const options = validateSearchIndexOptions(raw);
  return {
    name: 'search-index',
    // The results page lists these sections as its filters (guides, each API, schemas).
    contentLoaded({ actions }) {
      actions.setGlobalData({ sections: searchSections(options.apis.map((api) => api.title)) });
    },
    async postBuild({ outDir, routesPaths }) {
      await buildSearchIndex({ outDir, routesPaths, baseUrl: context.baseUrl, siteDir: context.siteDir }, options);
    },
  };
}
