import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { matchPath } from '@docusaurus/router';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Loading from '@theme/Loading';
import categoryLoaders from '@generated/registry?sidebar-categories';
import { tableIndex } from '../shared/tableIndex';

/**
 * The browser's half of the lazy route tables (../lib/split.ts). The main bundle knows, per array of reference
 * routes, one route that answers every path under their folder (`lazyGroup`); the routes themselves sit in tables a
 * path hashes to. Docusaurus preloads the matched routes' components before it renders a location (on first load and
 * on each navigation): this group's preload loads the location's table, then preloads the route found there. The
 * DocRoot wrapper then puts the table's routes in place of the group (`expandLazyGroups`), so the docs layout sees the
 * same routes, with the same sidebar, as the server rendered.
 */

export interface RouteConfig {
  path?: string;
  exact?: boolean;
  sidebar?: string;
  /** The page's lazy sidebar category (../lib/sidebar.ts), loaded with it. */
  sidebarCategory?: number;
  lazyGroup?: LazyRouteGroup;
  component: { preload?: () => Promise<unknown> } & ((props: never) => ReactNode);
}

type TableLoader = () => Promise<{ default: RouteConfig[] }>;

export interface LazyRouteGroup {
  /** The routes of the table the path hashes to, once loaded. */
  routesFor: (pathname: string) => RouteConfig[] | undefined;
  /** Loads the path's table and preloads its route. */
  load: (pathname: string) => Promise<void>;
  subscribe: (listener: () => void) => () => void;
  version: () => number;
  Component: { preload: () => Promise<void> } & (() => ReactNode);
}

/**
 * The location Docusaurus is about to render. Its preload passes the path to nobody, but it announces a navigation
 * (`onRouteUpdate`, ./routeUpdate.ts) just before preloading it; on first load it is the window's location.
 */
let pendingPathname: string | undefined;

export function announcePathname(pathname: string): void {
  pendingPathname = pathname;
}

function decoded(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

export function createLazyRouteGroup(folder: string, tables: TableLoader[]): LazyRouteGroup {
  const loaded = new Map<number, RouteConfig[]>();
  const listeners = new Set<() => void>();
  let version = 0;
  const tableOf = (pathname: string) => tableIndex(decoded(pathname), tables.length);

  const group: LazyRouteGroup = {
    routesFor: (pathname) => loaded.get(tableOf(pathname)),
    async load(pathname) {
      const table = tableOf(pathname);
      if (!loaded.has(table)) {
        loaded.set(table, (await tables[table]()).default);
        version += 1;
        listeners.forEach((listener) => listener());
      }
      const routes = loaded.get(table) ?? [];
      const route = routes.find((candidate) =>
        matchPath(decoded(pathname), { path: candidate.path, exact: candidate.exact }),
      );
      await Promise.all([
        route?.component.preload?.(),
        route?.sidebarCategory === undefined ? undefined : loadSidebarCategory(route.sidebarCategory),
      ]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    Component: Object.assign(
      // Rendered only when a location was not preloaded (the wrapper renders the table's routes instead): load it.
      function LazyRouteGroupFallback(): ReactNode {
        const pathname = ExecutionEnvironment.canUseDOM ? window.location.pathname : '/';
        useEffect(() => {
          void group.load(pathname);
        }, [pathname]);
        return <Loading isLoading pastDelay timedOut={false} error={undefined} retry={() => undefined} />;
      },
      {
        // A link's hover preloads its target too, unannounced: then the announced path is the current page's, and a
        // page outside the folder loads nothing.
        preload: async () => {
          const pathname = pendingPathname ?? (ExecutionEnvironment.canUseDOM ? window.location.pathname : '/');
          if (decoded(pathname).startsWith(folder)) await group.load(pathname);
        },
      },
    ),
  };
  return group;
}

/**
 * A docs root's routes with each lazy group replaced by the routes of the table its location hashes to: a path that
 * is in none of them then matches nothing, and the docs root shows its not-found content as on the server. A group
 * whose table has not loaded stays, to load it.
 */
export function expandLazyGroups(routes: RouteConfig[], pathname: string): RouteConfig[] {
  return routes.flatMap((route) => (route.lazyGroup ? (route.lazyGroup.routesFor(pathname) ?? [route]) : [route]));
}

/** Re-renders when a group loads a table. */
export function useLazyGroups(routes: RouteConfig[]): void {
  const groups = routes.flatMap((route) => (route.lazyGroup ? [route.lazyGroup] : []));
  useSyncExternalStore(
    (listener) => {
      const stops = groups.map((group) => group.subscribe(listener));
      return () => stops.forEach((stop) => stop());
    },
    () => groups.reduce((sum, group) => sum + group.version(), 0),
    () => 0,
  );
}

/*
 * The items of the sidebar categories that the browser's docs metadata leaves out (../lib/sidebar.ts): loaded with a
 * page of the category, or when the reader opens one. Outside the production client bundle the import is Docusaurus's
 * registry, not a list, and nothing is left out.
 */
const sidebarCategories = new Map<number, unknown[]>();
const categoryListeners = new Set<() => void>();
let categoriesVersion = 0;

type CategoryLoader = () => Promise<{ default: unknown[] }>;

export async function loadSidebarCategory(index: number): Promise<void> {
  const loader = Array.isArray(categoryLoaders) ? (categoryLoaders[index] as CategoryLoader | undefined) : undefined;
  if (!loader || sidebarCategories.has(index)) return;
  sidebarCategories.set(index, (await loader()).default);
  categoriesVersion += 1;
  categoryListeners.forEach((listener) => listener());
}

export function loadedSidebarCategory<Item>(index: number): Item[] | undefined {
  return sidebarCategories.get(index) as Item[] | undefined;
}

/** Re-renders when a sidebar category loads; returns a number that changes each time. */
export function useSidebarCategories(): number {
  return useSyncExternalStore(
    (listener) => {
      categoryListeners.add(listener);
      return () => categoryListeners.delete(listener);
    },
    () => categoriesVersion,
    () => 0,
  );
}
