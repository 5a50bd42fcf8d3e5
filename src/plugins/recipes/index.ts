import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { renderingNotices } from '../../build/pages/renderable';
import { documentPaths, resolvedDocuments } from '../../build/pipeline/resolved';
import type { ResolvedDocument } from '../../build/pipeline/resolve';
import { checkRecipes, recipeProblemsError } from '../../build/recipes/check';
import { loadRecipes, recipesDir } from '../../build/recipes/load';
import { writeRecipePages } from '../../build/recipes/pages';
import { publishRecipes } from '../../build/recipes/publish';
import { openapiDocuments, recipes as options } from '../../build/siteOptions';

const log = (message: string) => console.log(`[recipes] ${message}`);

/**
 * One job: the recipes of `openapi/recipes/`, checked against the documents this build renders, and a page each in
 * the Getting Started guides. A recipe that no longer matches its document stops the build, naming every problem:
 * its page would teach a call that fails. Run when the plugin is created, after the documents are resolved and
 * before the docs plugins read their folders (as openapi-pages does); again during `npm start` when a recipe or a
 * document changes.
 */
export default async function recipesPlugin(context: LoadContext): Promise<Plugin> {
  const { siteDir } = context;
  const run = async (resolved: ResolvedDocument[], first: boolean): Promise<void> => {
    const loaded = loadRecipes(siteDir, options.apis);
    const documents = new Map(resolved.map((result) => [result.id, result.document]));
    const problems = checkRecipes(loaded, documents);
    if (problems.length > 0) throw recipeProblemsError(problems);
    const { pages, changed } = await writeRecipePages(siteDir, loaded, documents, options);
    // For the MCP server (tools/mcp), which reads only what the site publishes: beside the documents they call.
    await publishRecipes(loaded, path.join(siteDir, openapiDocuments.staticDir), { routeBase: options.routeBase });
    // Said once per build, and again during `npm start` only when a recipe or a document changed the pages.
    if (first || changed > 0)
      log(
        `${pages} recipes match ${resolved.map((result) => `the ${result.source} ${result.id}`).join(' and ')}; pages in ${options.pagesDir}`,
      );
  };
  // The source plugin's own options: the documents are resolved once per build, whichever plugin asks first.
  await run(await resolvedDocuments(siteDir, openapiDocuments, renderingNotices), true);
  return {
    name: 'recipes',
    getPathsToWatch: () => [
      path.join(siteDir, recipesDir, '*.arazzo.yaml'),
      ...documentPaths(siteDir, openapiDocuments),
    ],
    async loadContent() {
      await run(await resolvedDocuments(siteDir, openapiDocuments, renderingNotices), false);
    },
  };
}
