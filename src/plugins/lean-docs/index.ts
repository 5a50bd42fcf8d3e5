import { readFile } from 'node:fs/promises';
import path from 'node:path';
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';
import type { GlobalPluginData } from '@docusaurus/plugin-content-docs/client';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { aliasedSitePathToRelativePath, docuHash } from '@docusaurus/utils';
import { lightModule, lightPage, type LightDocContent, type LightPage } from '../../build/pages/lightDocs';
import { hasDocCards, withLightContent, withoutDocList, withoutVersionDocs } from './lib';
import { carried } from '../../build/carried/carried';

/**
 * `@docusaurus/plugin-content-docs`, wrapped: the same plugin, whose global data and version metadata leave out the
 * lists of docs that nothing on this site reads (see lib.ts), and whose generated reference pages are routed to a
 * JSON module each instead of their MDX (src/build/pages/lightDocs.ts says why). Routes, sidebars, metadata and the
 * other pages are the plugin's own.
 */
export default async function leanDocsPlugin(context: LoadContext, options: unknown): Promise<Plugin> {
  // The options reach here already checked and defaulted by the docs plugin's validateOptions (below).
  const plugin = await docsPlugin(context, options as PluginOptions);
  const { contentLoaded, loadContent } = plugin;
  const pluginId = (options as PluginOptions).id;
  const lean: Plugin<LoadedContent> = {
    ...plugin,
    // Loaded once a build: its later steps read what the first loaded (src/build/carried).
    ...(loadContent ? { loadContent: () => carried(`docs-${pluginId}`, loadContent) } : {}),
    async contentLoaded(args) {
      const setGlobalData = (data: unknown) => args.actions.setGlobalData(withoutDocList(data as GlobalPluginData));
      // A DocCard needs the docs map: a version with a generated-index category keeps it.
      const cards = args.content.loadedVersions.some(hasDocCards);
      // Only an instance whose page component renders a light page's module (the /docs instance's, config/docs.ts):
      // the theme's own DocItem would be handed a plain object.
      const light =
        (options as PluginOptions).docItemComponent === '@theme/DocItem'
          ? new Map<string, LightSource>()
          : await lightPages(context.siteDir, args.content.loadedVersions);
      const modules = new Map<string, string>();
      const routed = new Set<string>();
      // The docs plugin writes each doc's metadata (`<docuHash(source)>.json`) before it routes the doc; a light
      // page's JSON module is written beside it from the same metadata.
      const createData: typeof args.actions.createData = async (name, data) => {
        const file = await args.actions.createData(name, data);
        const page = light.get(name);
        if (page !== undefined && typeof data === 'object' && data !== null) {
          const content: LightDocContent = { ...page.light, metadata: data as LightDocContent['metadata'] };
          const module = lightModule(context.generatedFilesDir, pluginId, page.relative);
          const written = await args.actions.createData(module.name, content);
          // The route names the module by its request: a Docusaurus that kept its data elsewhere would break it.
          if (path.resolve(written) !== path.resolve(module.file)) {
            throw new Error(`[lean-docs] the docs plugin's data went to ${written}, not to ${module.file}`);
          }
          modules.set(page.source, module.request);
        }
        return file;
      };
      const addRoute: typeof args.actions.addRoute = (route) =>
        args.actions.addRoute(withLightContent(cards ? route : withoutVersionDocs(route), modules, routed));
      await contentLoaded?.({ ...args, actions: { ...args.actions, setGlobalData, addRoute, createData } });
      // Every doc's metadata is written under that name (routes.js, for the MDX loader); a Docusaurus that names it
      // otherwise would leave the pages as MDX, and the largest APIs beyond memory, without a word.
      const missed = [...light.values()].find((page) => !modules.has(page.source));
      if (missed) {
        throw new Error(
          `[lean-docs] no metadata of ${missed.relative} was written as <docuHash(source)>.json: this Docusaurus names it otherwise (src/upstream-patches.md)`,
        );
      }
      // And every light page's route is routed to its module: a route that no longer names the doc's source as its
      // content would keep the page as MDX just as silently.
      const notRouted = [...light.values()].find((page) => !routed.has(page.source));
      if (notRouted) {
        throw new Error(
          `[lean-docs] no route of ${notRouted.relative} names it as its content: this Docusaurus routes docs otherwise (src/upstream-patches.md)`,
        );
      }
    },
  };
  return lean as Plugin;
}

interface LightSource {
  source: string;
  relative: string;
  light: LightPage;
}

/**
 * The generated reference pages among the docs, by the name of their metadata file. The files are read 32 at a time
 * (Microsoft Graph has 14,000); one gone since the docs plugin read it (pages written again during `npm start`) is
 * not light.
 */
async function lightPages(
  siteDir: string,
  versions: LoadedContent['loadedVersions'],
): Promise<Map<string, LightSource>> {
  const docs = versions.flatMap((version) => version.docs).filter((doc) => doc.source.endsWith('.mdx'));
  const pages = new Map<string, LightSource>();
  for (let start = 0; start < docs.length; start += 32) {
    await Promise.all(
      docs.slice(start, start + 32).map(async (doc) => {
        const relative = aliasedSitePathToRelativePath(doc.source);
        const text = await readFile(path.join(siteDir, relative), 'utf8').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
        const light = text === undefined ? undefined : lightPage(text);
        if (light !== undefined) pages.set(`${docuHash(doc.source)}.json`, { source: doc.source, relative, light });
      }),
    );
  }
  return pages;
}

// Docusaurus validates a plugin function's options with its `validateOptions` property: here the docs plugin's own.
leanDocsPlugin.validateOptions = validateOptions as PluginModule['validateOptions'];
