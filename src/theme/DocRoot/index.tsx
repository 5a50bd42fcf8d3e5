import type { ReactNode } from 'react';
import DocRoot from '@theme-original/DocRoot';
import type DocRootType from '@theme/DocRoot';
import type { WrapperProps } from '@docusaurus/types';
import { useLocation } from '@docusaurus/router';
import { expandLazyGroups, useLazyGroups, type RouteConfig } from '@site/src/plugins/lazy-routes/client/lazyRouteGroup';

type Props = WrapperProps<typeof DocRootType>;

/**
 * The docs root with the reference pages' routes put back: in the browser they come from lazy tables
 * (src/plugins/lazy-routes), so the root sees, in place of each lazy group, the routes of the table the location
 * hashes to, and finds the page, its sidebar or its absence exactly as on the server.
 */
export default function DocRootWrapper(props: Props): ReactNode {
  const { pathname } = useLocation();
  const routes = (props.route.routes ?? []) as unknown as RouteConfig[];
  useLazyGroups(routes);
  const expanded = expandLazyGroups(routes, pathname) as unknown as typeof props.route.routes;
  return <DocRoot {...props} route={{ ...props.route, routes: expanded }} />;
}
