import path from 'node:path';

export type { LightDocContent } from '../../core/openapi/lightDoc';

/**
 * Generated reference pages as the docs plugin's route content without MDX.
 *
 * A generated call page is one MDX element naming its data file (`<ReferencePage data={"…/pages/<slug>.json"} />`,
 * mdxPages.ts). Docusaurus bundles each doc's MDX through its MDX loader into a module of its own, and that per-doc
 * cost is what kept the largest APIs from building: measured with Docusaurus 3.10 and Rspack on this 2-core machine,
 * 16,000 one-line Markdown docs took 10.27 GB to bundle, while 16,000 routes of one small JSON module each and one
 * shared component took 2.34 GB (and 0.99 GB to render). So each such page's route gets, in place of its MDX, a JSON
 * module holding the route of its data and the doc's metadata (the part of the MDX module DocItem reads); the
 * instance's page component (src/components/ApiOperation/DocItem.tsx) renders it with the same `ReferencePage`. The
 * docs plugin still reads the MDX files for everything else it does (front matter, sidebars, pagination).
 */

/** The folder, in the docs plugin's data folder, of the pages' JSON modules. */
const folder = 'light';

const element = /^<ReferencePage data=\{("(?:[^"\\\n]|\\.)*")\} \/>$/;

/**
 * The data route of a generated page whose MDX is its front matter and one `<ReferencePage data={…} />` element and
 * nothing else (mdxPages.ts writes the route as a JSON string); undefined for any other doc, which stays MDX.
 */
export function referencePageRoute(mdx: string): string | undefined {
  const text = mdx.replace(/\r\n/g, '\n');
  if (!text.startsWith('---\n')) return undefined;
  const end = text.indexOf('\n---\n', 3);
  if (end < 0) return undefined;
  const match = element.exec(text.slice(end + 5).trim());
  if (!match) return undefined;
  const route: unknown = JSON.parse(match[1]);
  return typeof route === 'string' ? route : undefined;
}

/** The docs plugin's folder in Docusaurus's generated files, under which each instance has its data folder (its id). */
const docsDataFolder = 'docusaurus-plugin-content-docs';

/** A light page's JSON module, from its doc's source relative to the site (`docs/…/x.mdx`). */
export function lightModule(
  generatedFilesDir: string,
  pluginId: string,
  relativeSource: string,
): { name: string; file: string; request: string } {
  const name = path.posix.join(folder, relativeSource.replace(/\\/g, '/').replace(/\.mdx?$/, '.json'));
  return {
    /** Its name for the instance's createData. */
    name,
    /** Where createData writes it. */
    file: path.join(generatedFilesDir, docsDataFolder, pluginId, name),
    /** The request the route names it by. */
    request: `@generated/${path.posix.join(docsDataFolder, pluginId, name)}`,
  };
}

/**
 * The module requests of one API's light pages (`@generated/<docs>/<id>/light/<pages dir>/`), as the route tables
 * name them: the lazy route tables (src/plugins/lazy-routes) find an API's pages by it.
 */
export function lightModulePrefix(pluginId: string, pagesDir: string): string {
  return `@generated/${path.posix.join(docsDataFolder, pluginId, folder, pagesDir.replace(/\\/g, '/'))}/`;
}
