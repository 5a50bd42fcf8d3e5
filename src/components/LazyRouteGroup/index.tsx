import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { matchPath } from '@docusaurus/router';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Loading from '@theme/Loading';
import siteConfig from '@generated/docusaurus.config';
import ComponentCreator from '@docusaurus/ComponentCreator';
import { tableIndex } from '../../core/lazy-routes/tableIndex';
import { categoryFile } from '../../core/lazy-routes/categoryFile';
import type { ChunkFiles } from '../../core/lazy-routes/chunkFiles';

/**
 * The browser's half of the lazy route tables (src/build/lazy-routes/split.ts). The main bundle knows, per array of
 * reference routes, one route that answers every path under their folder (`lazyGroup`); the routes themselves sit in
 * tables a path hashes to. Docusaurus preloads the matched routes' components before it renders a location (on first
 * load and on each navigation): this group's preload loads the location's table, then preloads the route found there.
 * The DocRoot wrapper then puts the table's routes in place of the group (`expandLazyGroups`), so the docs layout sees
 * the same routes, with the same sidebar, as the server rendered.
 */

/** The webpack runtime's function that names a chunk's file (see src/build/lazy-routes/chunkFiles.ts). */
declare const __webpack_require__: { u: (chunkId: string | number) => string };

const chunkFiles = new Map<string, string>();
let lookingHereFirst = false;

/**
 * A lazy table registers the files of its routes' chunks, which the webpack runtime no longer lists once bundled
 * (src/build/lazy-routes/chunkFiles.ts); the runtime's function then looks here first. Before bundling (the server
 * bundle, the dev server) a table passes its placeholder, a string, and the runtime still lists every chunk.
 */
export function registerChunkFiles(registered: ChunkFiles | string): void {
  if (typeof registered === 'string') return;
  if (!lookingHereFirst) {
    lookingHereFirst = true;
    const fileOf = __webpack_require__.u;
    __webpack_require__.u = (chunkId) => chunkFiles.get(String(chunkId)) ?? fileOf(chunkId);
  }
  for (const [id, file] of Object.entries(registered.files)) chunkFiles.set(id, `${registered.prefix}${file}.js`);
}

export interface RouteConfig {
  path?: string;
  exact?: boolean;
  sidebar?: string;
  /** The page's lazy sidebar category (src/core/lazy-routes/sidebar.ts): its key, loaded with the page. */
  sidebarCategory?: string;
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
  Component: { preload: () => Promise<void> } & ((props: GroupRouteProps) => ReactNode);
}

/**
 * The location Docusaurus is about to render. Its preload passes the path to nobody, but it announces a navigation
 * (`onRouteUpdate`, src/plugins/lazy-routes/client/routeUpdate.ts) just before preloading it; on first load it is the
 * window's location.
 */
let pendingPathname: string | undefined;

export function announcePathname(pathname: string): void {
  pendingPathname = pathname;
}

/**
 * A location's path as the routes are matched against it: decoded, and without an `.html` or `/index.html` ending, as
 * Docusaurus's normalizeLocation strips it when no exact route names it (a lazy route never ends so).
 */
function routePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // A malformed escape: matched as written, as react-router does.
  }
  return path.trim().replace(/(?:\/index)?\.html$/, '') || '/';
}

/** The route of a table that answers a path. */
function routeFor(routes: readonly RouteConfig[], pathname: string): RouteConfig | undefined {
  return routes.find((candidate) => matchPath(routePath(pathname), { path: candidate.path, exact: candidate.exact }));
}

/** What react-router-config's `renderRoutes` gives a route's component (the group's, in the root array). */
interface GroupRouteProps {
  location?: { pathname: string };
  route?: RouteConfig;
}

/** Docusaurus's not-found route, as routes.js makes it (its component loads `@theme/NotFound`). */
const NotFound = ComponentCreator('*', '') as unknown as { preload?: () => Promise<unknown> } & ((
  props: GroupRouteProps,
) => ReactNode);

/**
 * A group of lazy routes under `folder`, in `tables`. `inRoot`: the group is in the root array, where no wrapper
 * expands it, so its Component renders the route, or the not-found page (loaded before it renders) for a path no
 * route of its table answers; under a docs root, the root shows its own.
 */
export function createLazyRouteGroup(folder: string, tables: TableLoader[], inRoot = false): LazyRouteGroup {
  const loaded = new Map<number, RouteConfig[]>();
  const listeners = new Set<() => void>();
  let version = 0;
  const tableOf = (pathname: string) => tableIndex(routePath(pathname), tables.length);

  const group: LazyRouteGroup = {
    routesFor: (pathname) => loaded.get(tableOf(pathname)),
    async load(pathname) {
      const table = tableOf(pathname);
      if (!loaded.has(table)) {
        loaded.set(table, (await tables[table]()).default);
        version += 1;
        listeners.forEach((listener) => listener());
      }
      const route = routeFor(loaded.get(table) ?? [], pathname);
      await Promise.all([
        // In the root array, a path under the folder that no route answers renders the not-found page (below).
        (route?.component ?? (inRoot ? NotFound : undefined))?.preload?.(),
        route?.sidebarCategory === undefined ? undefined : loadSidebarCategory(route.sidebarCategory),
      ]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    Component: Object.assign(
      /*
       * Under a docs root the wrapper renders the table's routes in the group's place, so this renders only while a
       * location's table was not preloaded: it loads it. In the root array (a split reference's tag pages, which no
       * wrapper expands) it is the route itself: the table's route for the location, or the not-found page when the
       * table has none, as the server answers that path (404.html).
       */
      function LazyRouteGroupRoute(props: GroupRouteProps): ReactNode {
        const pathname = props.location?.pathname ?? (ExecutionEnvironment.canUseDOM ? window.location.pathname : '/');
        useSyncExternalStore(group.subscribe, group.version, () => 0);
        const routes = group.routesFor(pathname);
        useEffect(() => {
          if (!routes) void group.load(pathname);
        }, [routes, pathname]);
        if (!routes) return <Loading isLoading pastDelay timedOut={false} error={undefined} retry={() => undefined} />;
        const route = routeFor(routes, pathname);
        if (!route) return <NotFound {...props} />;
        const RouteComponent = route.component as unknown as (props: GroupRouteProps) => ReactNode;
        return <RouteComponent {...props} route={route} />;
      },
      {
        // A link's hover preloads its target too, unannounced: then the announced path is the current page's, and a
        // page outside the folder loads nothing.
        preload: async () => {
          const pathname = pendingPathname ?? (ExecutionEnvironment.canUseDOM ? window.location.pathname : '/');
          // As the router's Switch matches the group's route: any case, the folder without its last slash too.
          if (matchPath(routePath(pathname), { path: folder })) await group.load(pathname);
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
 * The items of the sidebar categories that the browser's docs metadata leaves out (src/core/lazy-routes/sidebar.ts),
 * each a JSON file under the base URL: fetched with a page of the category, or when the reader opens one. Outside the
 * production client bundle no category is left out.
 */
const sidebarCategories = new Map<string, unknown[]>();
const pendingCategories = new Map<string, Promise<void>>();
const categoryListeners = new Set<() => void>();
let categoriesVersion = 0;

/** A category's items, fetched twice before giving up: a page's own category must arrive before it hydrates. */
async function fetchCategory(key: string): Promise<unknown[]> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${siteConfig.baseUrl}${categoryFile(key)}`).catch(() => undefined);
    if (response?.ok) return (await response.json()) as unknown[];
    if (attempt === 2) throw new Error(`sidebar category ${key}: ${response?.status ?? 'network error'}`);
  }
}

/**
 * Loads a category's items. When both fetches fail the category keeps its first item, and opening it tries again;
 * if it is the page's own, the page still shows, but React re-renders it in the browser (the server rendered the
 * category whole).
 */
export function loadSidebarCategory(key: string): Promise<void> {
  if (sidebarCategories.has(key)) return Promise.resolve();
  const pending =
    pendingCategories.get(key) ??
    fetchCategory(key)
      .then((items) => {
        sidebarCategories.set(key, items);
        categoriesVersion += 1;
        categoryListeners.forEach((listener) => listener());
      })
      .catch(() => undefined)
      .finally(() => pendingCategories.delete(key));
  pendingCategories.set(key, pending);
  return pending;
}

export function loadedSidebarCategory<Item>(key: string): Item[] | undefined {
  return sidebarCategories.get(key) as Item[] | undefined;
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
