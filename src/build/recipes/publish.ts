import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ArazzoDocument, JsonSchemaObject } from '../../core/recipes/types';
import { writeFileAtomic } from '../pipeline/writeAtomic';
import type { LoadedRecipe } from './load';

/**
 * The recipes as the site publishes them for machines: the MCP server (tools/mcp) reads only what the build
 * publishes, from a build folder or a deployed portal, so its `list_recipes` and `run_recipe` say what the pages say
 * from the same files.
 */

/** Where the recipes' pages are served: the Getting Started instance's `recipes/` folder (src/build/recipes/pages.ts). */
export const recipesRoute = '/getting-started/recipes';
/** Where the published files go under the static folder, and the site path they are served at. */
export const publishedRecipesPath = '/recipes';

export interface PublishedWorkflow {
  id: string;
  summary?: string;
  description?: string;
  /** The workflow's inputs as the recipe's JSON Schema gives them: descriptions, examples, defaults, required. */
  inputs: JsonSchemaObject;
}

export interface PublishedRecipe {
  /** The recipe's file name without `.arazzo.yaml`: its page's name and its published document's. */
  stem: string;
  title: string;
  summary?: string;
  description?: string;
  /** The ids of the APIs its sources name, in the order the recipe lists them (`data-v4`). */
  apis: string[];
  /** The recipe's page on the site (`/getting-started/recipes/player-match-history`). */
  route: string;
  /** The recipe itself as JSON (`/recipes/player-match-history.json`). */
  document: string;
  workflows: PublishedWorkflow[];
}

export interface PublishedRecipeIndex {
  recipes: PublishedRecipe[];
}

/** The published document of a recipe's API: what its source description is rewritten to. */
export function publishedDocumentPath(apiId: string): string {
  return `/openapi/${apiId}.json`;
}

/**
 * The recipe as published: the Arazzo document with each source description's URL rewritten from the vendored file
 * (`../data-v4.yaml`, meaningful only in the repository) to the resolved document the site publishes, so a reader of
 * the portal can follow it.
 */
export function publishedDocument(recipe: LoadedRecipe): ArazzoDocument {
  return {
    ...recipe.document,
    sourceDescriptions: recipe.document.sourceDescriptions.map((source) => {
      const api = recipe.sources[source.name];
      if (!api) throw new Error(`recipe ${recipe.file}: source "${source.name}" names no API`);
      return { ...source, url: publishedDocumentPath(api) };
    }),
  };
}

export function publishedEntry(recipe: LoadedRecipe, routeBase = recipesRoute): PublishedRecipe {
  const { info, workflows, sourceDescriptions } = recipe.document;
  return {
    stem: recipe.slug,
    title: info.title,
    ...(info.summary ? { summary: info.summary } : {}),
    ...(info.description ? { description: info.description } : {}),
    apis: [...new Set(sourceDescriptions.flatMap((source) => recipe.sources[source.name] ?? []))],
    route: `${routeBase}/${recipe.slug}`,
    document: `${publishedRecipesPath}/${recipe.slug}.json`,
    workflows: workflows.map((workflow) => ({
      id: workflow.workflowId,
      ...(workflow.summary ? { summary: workflow.summary } : {}),
      ...(workflow.description ? { description: workflow.description } : {}),
      inputs: workflow.inputs ?? { type: 'object', properties: {} },
    })),
  };
}

/**
 * Writes `<staticDir>/recipes/index.json` (every recipe, what it does, its workflows and their inputs) and
 * `<staticDir>/recipes/<stem>.json` (each recipe). A file of a recipe that no longer exists is removed: the static
 * folder outlives builds. Returns the index written.
 */
export async function publishRecipes(
  recipes: readonly LoadedRecipe[],
  staticDir: string,
  options: { routeBase?: string } = {},
): Promise<PublishedRecipeIndex> {
  const folder = path.join(staticDir, publishedRecipesPath);
  const index: PublishedRecipeIndex = { recipes: recipes.map((recipe) => publishedEntry(recipe, options.routeBase)) };
  const written = new Set(['index.json']);
  for (const recipe of recipes) {
    await writeFileAtomic(path.join(folder, `${recipe.slug}.json`), JSON.stringify(publishedDocument(recipe)));
    written.add(`${recipe.slug}.json`);
  }
  await writeFileAtomic(path.join(folder, 'index.json'), JSON.stringify(index));
  for (const name of await readdir(folder)) {
    if (!written.has(name) && name.endsWith('.json')) await rm(path.join(folder, name), { force: true });
  }
  return index;
}
