import type { ReactNode } from 'react';
import SearchBox from '@site/src/components/Search/SearchBox';

/** The classic theme leaves the search bar empty (a no-op); this is the site's own (src/components/Search). */
export default function SearchBar(): ReactNode {
  return <SearchBox />;
}
