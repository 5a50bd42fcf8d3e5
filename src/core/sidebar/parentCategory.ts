import { createContext, useContext } from 'react';
import type { PropSidebarItemCategory } from '@docusaurus/plugin-content-docs';

/**
 * The sidebar category whose items are being rendered, provided by the category wrapper
 * (`src/theme/DocSidebarItem/Category`) to the list inside it. Read from the render tree, not from the docs
 * sidebar's context: the mobile menu renders the same lists outside that provider.
 */
export const ParentCategory = createContext<PropSidebarItemCategory | undefined>(undefined);

export function useParentCategory(): PropSidebarItemCategory | undefined {
  return useContext(ParentCategory);
}
