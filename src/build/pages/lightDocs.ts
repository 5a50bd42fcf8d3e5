import path from 'node:path';
import type { LightDocContent } from '../../core/openapi/lightDoc';
import { referencePageLines, schemaPageChildren } from './mdxPages';

export type { LightDocContent };

/**
 * Generated reference pages as the docs plugin's route content without MDX.
 *
 * A generated call page is one MDX element naming its data file (`<ReferencePage data={"…/pages/<slug>.json"} />`,
 * mdxPages.ts), a schema page that element around its fixed sections. Docusaurus bundles each doc's MDX through its
 * MDX loader into a module of its own, and that per-doc cost is what kept the largest APIs from building: measured
 * with Docusaurus 3.10 and Rspack on this 2-core machine, 16,000 one-line Markdown docs took 10.27 GB to bundle, while
 * 16,000 routes of one small JSON module each and one shared component took 2.34 GB (and 0.99 GB to render). So each
 * such page's route gets, in place of its MDX, a JSON module holding the route of its data and the doc's metadata
 * (the part of the MDX module DocItem reads); the instance's page component (src/components/ApiOperation/DocItem.tsx)
 * renders it with the same `ReferencePage` (and a schema page's sections, with the table of contents their headings
 * made). The docs plugin still reads the MDX files for everything else it does (front matter, sidebars, pagination).
 */

/** The folder, in the docs plugin's data folder, of the pages' JSON modules. */
const folder = 'light';

const opening = /^<ReferencePage data=\{("(?:[^"\\\n]|\\.)*")\}( \/)?>$/;

/** What a light page's module holds besides the doc's metadata. */
export type LightPage = Omit<LightDocContent, 'metadata'>;

/**
 * What makes a generated page light: its MDX is its front matter and the `<ReferencePage data={…} />` element alone
 * (a call's page), or that element around exactly a schema page's sections (schemaPageChildren), as the page writer
 * writes them (mdxPages.ts, whose route is a JSON string). Any other doc gives undefined and stays MDX.
 */
export function lightPage(mdx: string): LightPage | undefined {
  const text = mdx.replace(/\r\n/g, '\n');
  if (!text.startsWith('---\n')) return undefined;
  const end = text.indexOf('\n---\n', 3);
  if (end < 0) return undefined;
  const body = text.slice(end + 5).trim();
  const match = opening.exec(body.split('\n', 1)[0]);
  if (!match) return undefined;
  let route: unknown;
  try {
    route = JSON.parse(match[1]);
  } catch {
    // An escape JSON does not have (`\q`, a raw tab): not what the page writer writes, so the doc stays MDX.
    return undefined;
  }
  if (typeof route !== 'string') return undefined;
  const same = (children: string[]) => body === referencePageLines(route, children).join('\n').trim();
  if (same([])) return { referencePage: route };
  for (const example of [true, false]) {
    if (same(schemaPageChildren(example))) return { referencePage: route, schema: { example } };
  }
  return undefined;
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
