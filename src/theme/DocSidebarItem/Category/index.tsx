import type { ReactNode } from 'react';
import Category from '@theme-original/DocSidebarItem/Category';
import type CategoryType from '@theme/DocSidebarItem/Category';
import type { WrapperProps } from '@docusaurus/types';
import { loadSidebarCategory } from '@site/src/components/LazyRouteGroup/index';
import { ParentCategory } from '@site/src/core/sidebar/parentCategory';

type Props = WrapperProps<typeof CategoryType>;

/**
 * A sidebar category whose items the browser's bundle keeps out (src/core/lazy-routes/sidebar.ts) loads them
 * when the reader opens it; the DocRoot wrapper then shows them all. Every category tells the list inside it which
 * category it is.
 */
export default function CategoryWrapper(props: Props): ReactNode {
  const key = props.item.customProps?.lazyCategory;
  const onItemClick: Props['onItemClick'] =
    typeof key === 'string'
      ? (item) => {
          void loadSidebarCategory(key);
          props.onItemClick?.(item);
        }
      : props.onItemClick;
  // The list inside names its category (src/theme/DocSidebarItems links a cut list to its page).
  return (
    <ParentCategory.Provider value={props.item}>
      <Category {...props} onItemClick={onItemClick} />
    </ParentCategory.Provider>
  );
}
