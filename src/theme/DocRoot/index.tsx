import { useMemo, type ReactNode } from 'react';
import DocRoot from '@theme-original/DocRoot';
import type DocRootType from '@theme/DocRoot';
import type { WrapperProps } from '@docusaurus/types';
import type { PropSidebarItem } from '@docusaurus/plugin-content-docs';
import { useLocation } from '@docusaurus/router';
import { DocsVersionProvider, useDocsVersion } from '@docusaurus/plugin-content-docs/client';
import {
  expandLazyGroups,
  loadedSidebarCategory,
  useLazyGroups,
  useSidebarCategories,
  type RouteConfig,
} from '@site/src/components/LazyRouteGroup/index';
import { fillSidebar } from '@site/src/core/lazy-routes/sidebar';

type Props = WrapperProps<typeof DocRootType>;

/**
 * The docs root with what the browser's bundle keeps out of the main tables put back (src/plugins/lazy-routes): in
 * place of each lazy group of routes, the routes of the table the location hashes to; in the sidebars, each lazy
 * category expanded from its tuple (`CompactCategory`) and the items of those loaded so far (the page's own, and any
 * the reader opened). The root then finds the page, its sidebar or its absence exactly as on the server.
 */
export default function DocRootWrapper(props: Props): ReactNode {
  const { pathname } = useLocation();
  const routes = (props.route.routes ?? []) as unknown as RouteConfig[];
  useLazyGroups(routes);
  const expanded = expandLazyGroups(routes, pathname) as unknown as typeof props.route.routes;
  const version = useDocsVersion();
  const loaded = useSidebarCategories();
  const filled = useMemo(() => {
    const docsSidebars = Object.fromEntries(
      Object.entries(version.docsSidebars).map(([name, items]) => [
        name,
        fillSidebar<PropSidebarItem>(items, (key) => loadedSidebarCategory<PropSidebarItem>(key)),
      ]),
    );
    return { ...version, docsSidebars };
    // `loaded` changes when a category arrives: the fill reads the store, so it is a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, loaded]);
  return (
    <DocsVersionProvider version={filled}>
      <DocRoot {...props} route={{ ...props.route, routes: expanded }} />
    </DocsVersionProvider>
  );
}
