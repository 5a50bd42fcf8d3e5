import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import { afterEach, expect, test, vi } from 'vitest';
import { apis } from '../../../config/apis';
import type { JsonObject } from '../../core/openapi/document';
import { parseDocumentText } from '../../core/openapi/parse';
import type { ResolvedDocument } from '../../build/pipeline/resolve';
import recipesPlugin from './index';

const root = path.resolve(__dirname, '../../..');

/**
 * The documents the plugin is handed, in place of the spec pipeline's (seconds a document): the vendored copies as
 * parsed, with the change a test makes. The plugin reads the site's own recipes and throws before it writes
 * anything, so it runs on the checkout itself.
 */
const handed = vi.hoisted(() => ({ documents: [] as ResolvedDocument[] }));
vi.mock('../../build/pipeline/resolved', () => ({
  resolvedDocuments: () => Promise.resolve(handed.documents),
  documentPaths: () => [],
}));

// Were the check to let a problem through, the test fails here instead of writing pages into the checkout.
const { wrote } = vi.hoisted(() => ({
  wrote: () => Promise.reject(new Error('the plugin went on to write the recipes')),
}));
vi.mock('../../build/recipes/pages', () => ({ writeRecipePages: wrote }));
vi.mock('../../build/recipes/publish', () => ({ publishRecipes: wrote }));

function resolved(change: (id: string, document: JsonObject) => void): ResolvedDocument[] {
  return apis.map((api) => {
    const document = parseDocumentText(readFileSync(path.join(root, api.vendored), 'utf8'));
    change(api.id, document);
    return { id: api.id, document, source: 'vendored', origin: api.vendored, dropped: [] };
  });
}

afterEach(() => {
  handed.documents = [];
});

test('a resolved document that lost a field a recipe reads stops the build, naming file, workflow, step and reason', async () => {
  handed.documents = resolved((id, document) => {
    if (id !== 'data-v4') return;
    const player = ((document.components as JsonObject).schemas as JsonObject).Player as JsonObject;
    delete (player.properties as JsonObject).player_id;
  });
  const context = { siteDir: root } as LoadContext;
  const error = await recipesPlugin(context).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toBe(
    [
      '2 recipe problems against the API documents this build renders (fix the recipe in openapi/recipes/, or the document):',
      '  - recipe hub-members-skill-levels.arazzo.yaml, workflow memberPages, step profile: $response.body#/player_id: the 200 response of getPlayer has no field player_id',
      '  - recipe player-match-history.arazzo.yaml, workflow playerMatchHistory, step findPlayer: $response.body#/player_id: the 200 response of getPlayerByLookup has no field player_id',
    ].join('\n'),
  );
});
