import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';
import type { GlobalPluginData } from '@docusaurus/plugin-content-docs/client';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { hasDocCards, withoutDocList, withoutVersionDocs } from './lib';

/**
 * `@docusaurus/plugin-content-docs`, wrapped: the same plugin, whose global data and version metadata leave out the
 * lists of docs that nothing on this site reads (see lib.ts). Routes, sidebars, metadata and pages are the plugin's own.
 */
export default async function leanDocsPlugin(context: LoadContext, options: unknown): Promise<Plugin> {
  // The options reach here already checked and defaulted by the docs plugin's validateOptions (below).
  const plugin = await docsPlugin(context, options as PluginOptions);
  const { contentLoaded } = plugin;
  const lean: Plugin<LoadedContent> = {
    ...plugin,
    async contentLoaded(args) {
      const setGlobalData = (data: unknown) => args.actions.setGlobalData(withoutDocList(data as GlobalPluginData));
      // A DocCard needs the docs map: a version with a generated-index category keeps it.
      const cards = args.content.loadedVersions.some(hasDocCards);
      const addRoute: typeof args.actions.addRoute = (route) =>
        args.actions.addRoute(cards ? route : withoutVersionDocs(route));
      await contentLoaded?.({ ...args, actions: { ...args.actions, setGlobalData, addRoute } });
    },
  };
  return lean as Plugin;
}

// Docusaurus validates a plugin function's options with its `validateOptions` property: here the docs plugin's own.
leanDocsPlugin.validateOptions = validateOptions as PluginModule['validateOptions'];
