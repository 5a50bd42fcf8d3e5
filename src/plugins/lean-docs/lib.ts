import type { GlobalPluginData } from '@docusaurus/plugin-content-docs/client';
import type { RouteConfig } from '@docusaurus/types';

/**
 * The docs plugin's global data without each version's list of docs.
 *
 * Docusaurus puts every plugin's global data in the main bundle, on every page. The docs plugin lists every doc
 * there (id, path, sidebar): about 100 bytes per page, 20 KB for this site's 200 docs pages, most of them the
 * generated reference. Only the navbar's `doc`, `docSidebar` and version-dropdown items and the version banner read
 * that list; this site uses none of them (its navbar links are plain `to` links with `activeBaseRegex`). What the
 * site does read stays: the plugin's and versions' paths (which plugin and version a URL belongs to, used by the
 * theme's doc pages), sidebar links and the breadcrumbs flag.
 */
export function withoutDocList(data: GlobalPluginData): GlobalPluginData {
  return { ...data, versions: data.versions.map((version) => ({ ...version, docs: [], draftIds: [] })) };
}

interface RouteLike {
  props?: Record<string, unknown>;
  routes?: RouteLike[];
}

/**
 * A docs route tree whose version metadata (the `version` prop of the version's root route, one module every page
 * of the version loads) leaves out its map of docs: each doc's id, title and description, about 200 bytes a page,
 * read only by `useDocById`, that is by the theme's DocCard (generated-index categories and `<DocCardList>`). This
 * site has neither (checked at build: `hasDocCards`), and without the map a reference page's JavaScript no longer
 * grows with the number of reference pages. The sidebars, banner and badge fields stay.
 */
export function withoutVersionDocs<Route extends RouteLike>(route: Route): Route {
  const version = route.props?.version;
  const props =
    version && typeof version === 'object' && 'docs' in version
      ? { ...route.props, version: { ...version, docs: {} } }
      : route.props;
  return {
    ...route,
    ...(props ? { props } : {}),
    ...(route.routes ? { routes: route.routes.map(withoutVersionDocs) } : {}),
  };
}

interface SidebarItemLike {
  type: string;
  link?: { type: string };
  items?: SidebarItemLike[];
}

/**
 * Whether a version's sidebars have a generated-index category, whose page is made of DocCards (which read the docs
 * map). A `<DocCardList>` in a page would read it too: its useDocById throws, so that build fails instead of
 * shipping a broken page.
 */
export function hasDocCards(version: { sidebars: Record<string, readonly SidebarItemLike[]> }): boolean {
  const visit = (items: readonly SidebarItemLike[]): boolean =>
    items.some((item) => item.link?.type === 'generated-index' || visit(item.items ?? []));
  return Object.values(version.sidebars).some(visit);
}

/**
 * A route tree whose light pages (src/build/pages/lightDocs.ts) have their JSON module as content in place of their
 * MDX: `modules` maps a doc's source to its module's request, and `routed` collects the sources it routed so (the
 * build stops if one is missing). Every other route is left as it was.
 */
export function withLightContent(
  route: RouteConfig,
  modules: ReadonlyMap<string, string>,
  routed?: Set<string>,
): RouteConfig {
  const content = route.modules?.content;
  const light = typeof content === 'string' ? modules.get(content) : undefined;
  if (light && typeof content === 'string') routed?.add(content);
  return {
    ...route,
    ...(light ? { modules: { ...route.modules, content: light } } : {}),
    ...(route.routes ? { routes: route.routes.map((child) => withLightContent(child, modules, routed)) } : {}),
  };
}
