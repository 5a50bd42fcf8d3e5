import type { GlobalPluginData } from '@docusaurus/plugin-content-docs/client';

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
