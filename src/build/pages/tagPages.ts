import path from 'node:path';

/** The single-page reference plugin's name: Docusaurus keeps its data under `<generated files>/<name>/<id>/`. */
export const singlePageReferenceName = 'single-page-reference';

/**
 * A split reference's tag page's props, as a module of its own (`tags/<api>/<slug>.json` in the plugin's data
 * folder) rather than Docusaurus's `p/<hash of the route>.json`, which shares its prefix with the API's index page:
 * by this folder the lazy route tables (src/plugins/lazy-routes) take the tag pages and leave the index in every
 * page's tables. The name is for the plugin's createData.
 */
export function tagPropsName(api: string, slug: string): string {
  return path.posix.join('tags', api, `${slug}.json`);
}

/** The request a route names a generated file by (`@generated/...`), as Docusaurus names its own. */
export function generatedRequest(generatedFilesDir: string, file: string): string {
  return `@generated/${path.relative(generatedFilesDir, file).split(path.sep).join('/')}`;
}

/** The module requests of one API's tag pages' props, as the route tables name them. */
export function tagPropsModulePrefix(pluginId: string, api: string): string {
  return `@generated/${path.posix.join(singlePageReferenceName, pluginId, path.posix.dirname(tagPropsName(api, 'x')))}/`;
}
