import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apis } from '../../../config/apis';
import type { ArazzoDocument } from '../../core/recipes/types';
import { loadRecipes, parseRecipe } from './load';
import { publishRecipes, type PublishedRecipeIndex } from './publish';

const root = path.resolve(__dirname, '../../..');
const recipes = loadRecipes(root, apis);

let staticDir = '';
beforeEach(async () => {
  staticDir = await mkdtemp(path.join(tmpdir(), 'recipes-publish-'));
});
afterEach(async () => {
  await rm(staticDir, { recursive: true, force: true });
});

async function readJson<T>(...parts: string[]): Promise<T> {
  return JSON.parse(await readFile(path.join(staticDir, ...parts), 'utf8')) as T;
}

describe('publishRecipes', () => {
  it('writes an index of every recipe and one document per recipe, nothing else', async () => {
    await publishRecipes(recipes, staticDir);
    const index = await readJson<PublishedRecipeIndex>('recipes', 'index.json');
    expect(index.recipes.map((recipe) => recipe.stem)).toEqual([
      'chat-bot-post',
      'hub-members-skill-levels',
      'match-statistics',
      'player-match-history',
      'tournament-bracket',
      'webhook-fetch-object',
    ]);
    expect((await readdir(path.join(staticDir, 'recipes'))).sort()).toEqual(
      ['index.json', ...index.recipes.map((recipe) => `${recipe.stem}.json`)].sort(),
    );
  });

  it("gives each recipe's title, summary, page, APIs and workflows with their inputs' schemas", async () => {
    const index = await publishRecipes(recipes, staticDir);
    const history = index.recipes.find((recipe) => recipe.stem === 'player-match-history');
    expect(history).toMatchObject({
      title: "A player's match history",
      summary: 'Find a player by nickname, then page through their matches of one game.',
      apis: ['data-v4'],
      route: '/getting-started/recipes/player-match-history',
      document: '/recipes/player-match-history.json',
    });
    expect(history?.workflows.map((workflow) => workflow.id)).toEqual(['playerMatchHistory', 'historyPages']);
    const inputs = history?.workflows[0].inputs;
    expect(inputs?.required).toEqual(['apiKey', 'nickname', 'game']);
    expect(inputs?.properties?.nickname).toEqual({
      type: 'string',
      description: "The player's exact nickname on the platform.",
      examples: ['Kestrel'],
    });
    expect(index.recipes.find((recipe) => recipe.stem === 'chat-bot-post')?.apis).toEqual(['chat-v1']);
  });

  it("rewrites each source to the API's published document and keeps the rest of the recipe as it is", async () => {
    await publishRecipes(recipes, staticDir);
    const published = await readJson<ArazzoDocument>('recipes', 'chat-bot-post.json');
    const original = recipes.find((recipe) => recipe.slug === 'chat-bot-post')?.document;
    expect(published.sourceDescriptions).toEqual([{ name: 'chat', url: '/openapi/chat-v1.json', type: 'openapi' }]);
    expect({ ...published, sourceDescriptions: [] }).toEqual({ ...original, sourceDescriptions: [] });
    // The recipe in memory is not changed: the pages are written from it too.
    expect(original?.sourceDescriptions[0].url).toBe('../chat-v1.yaml');
  });

  it('takes another route for the pages when the build names one', async () => {
    const index = await publishRecipes(recipes.slice(0, 1), staticDir, { routeBase: '/guides/recipes' });
    expect(index.recipes[0].route).toBe('/guides/recipes/chat-bot-post');
  });

  it("removes a recipe's file left by an earlier build once the recipe is gone", async () => {
    await mkdir(path.join(staticDir, 'recipes'), { recursive: true });
    await writeFile(path.join(staticDir, 'recipes', 'removed-recipe.json'), '{}');
    const one = parseRecipe(
      'one.arazzo.yaml',
      [
        'arazzo: 1.0.1',
        'info: { title: One, version: 1.0.0 }',
        'sourceDescriptions: [{ name: data, url: ../data-v4.yaml, type: openapi }]',
        'workflows: [{ workflowId: one, steps: [{ stepId: games, operationId: getGames }] }]',
      ].join('\n'),
      apis,
    );
    const index = await publishRecipes([one], staticDir);
    expect(index.recipes[0].workflows).toEqual([{ id: 'one', inputs: { type: 'object', properties: {} } }]);
    expect((await readdir(path.join(staticDir, 'recipes'))).sort()).toEqual(['index.json', 'one.json']);
  });
});
