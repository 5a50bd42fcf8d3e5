import type { SearchTarget } from '../../../lib/search/sections';

/** What the indexer process (indexer.mts) indexes: each page's HTML file, its URL and its search target. */
export interface IndexJob {
  outputPath: string;
  rootSelector: string;
  excludeSelectors: string[];
  pages: { url: string; file: string; target: SearchTarget }[];
}
