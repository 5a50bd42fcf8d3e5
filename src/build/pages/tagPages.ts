import path from 'node:path';

/** The single-page reference plugin's name: Docusaurus keeps its data under `<generated files>/<name>/<id>/`. */
export const singlePageReferenceName = 'single-page-reference';

/**
 * A split reference's tag page's props, as a module of its own (`tags/<api>/<slug>.json` in the plugin's data
 * folder) rather than Docusaurus's `p/<hash of the route>.json`, which shares its prefix with the API's index page:
 * by this folder the lazy route tables (src/plugins/lazy-routes) take the tag pages and leave the index in every
 * page's tables. `name` is for the plugin's createData, `request` is what the route names.
 */
export function tagPropsModule(pluginId: string, api: string, slug: string): { name: string; request: string } {
  const name = path.posix.join('tags', api, `${slug}.json`);
  return { name, request: `@generated/${path.posix.join(singlePageReferenceName, pluginId, name)}` };
}

/** The module requests of one API's tag pages' props, as the route tables name them. */
export function tagPropsModulePrefix(pluginId: string, api: string): string {
  return `${path.posix.dirname(tagPropsModule(pluginId, api, 'x').request)}/`;
}
