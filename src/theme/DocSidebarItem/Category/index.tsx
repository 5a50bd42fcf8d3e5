import type { ReactNode } from 'react';
import Category from '@theme-original/DocSidebarItem/Category';
import type CategoryType from '@theme/DocSidebarItem/Category';
import type { WrapperProps } from '@docusaurus/types';
import { loadSidebarCategory } from '@site/src/plugins/lazy-routes/client/lazyRouteGroup';

type Props = WrapperProps<typeof CategoryType>;

/**
 * A sidebar category whose items the browser's bundle keeps out (src/plugins/lazy-routes/lib/sidebar.ts) loads them
 * when the reader opens it; the DocRoot wrapper then shows them all.
 */
export default function CategoryWrapper(props: Props): ReactNode {
  const key = props.item.customProps?.lazyCategory;
  if (typeof key !== 'string') return <Category {...props} />;
  const onItemClick: Props['onItemClick'] = (item) => {
    void loadSidebarCategory(key);
    props.onItemClick?.(item);
  };
  return <Category {...props} onItemClick={onItemClick} />;
}
