import type { Plugin } from '@docusaurus/types';

/** See escapePathLoader.cjs: the search dropdown's result path is escaped like the rest of the result's HTML. */
export default function searchResultsEscapePlugin(): Plugin {
  return {
    name: 'search-results-escape',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar[\\/]SuggestionTemplate\.js$/,
              use: [require.resolve('./escapePathLoader.cjs')],
            },
          ],
        },
      };
    },
  };
}
