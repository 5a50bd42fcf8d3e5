import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apis } from '../../../config/apis';
import { isObject, type JsonObject } from '../../core/openapi/document';
import { parseDocumentText } from '../../core/openapi/parse';
import { checkRecipes, expressionsIn } from './check';
import { loadRecipes, parseRecipe, type LoadedRecipe } from './load';

const root = path.resolve(__dirname, '../../..');

/**
 * Today's documents as parsed from the vendored copies. The build checks the resolved ones (the document step's
 * normalising keeps every call, parameter and schema a recipe reads); the whole step takes seconds a document, too
 * slow for a unit test, and the build itself proves the resolved pair (src/plugins/recipes).
 */
const parsed = new Map(
  apis.map((api) => [api.id, parseDocumentText(readFileSync(path.join(root, api.vendored), 'utf8'))]),
);
function todaysDocuments(): Map<string, JsonObject> {
  return new Map(parsed);
}

/** A deep copy of the documents with one change made to one of them. */
function changed(id: string, change: (document: JsonObject) => void): Map<string, JsonObject> {
  const documents = todaysDocuments();
  const copy = structuredClone(documents.get(id)) as JsonObject;
  change(copy);
  documents.set(id, copy);
  return documents;
}

function at(document: JsonObject, ...keys: string[]): JsonObject {
  let current: unknown = document;
  for (const key of keys) current = (current as JsonObject)[key];
  if (!isObject(current)) throw new Error(`no object at ${keys.join('/')}`);
  return current;
}

const recipes = loadRecipes(root, apis);
const byFile = (file: string): LoadedRecipe[] => recipes.filter((recipe) => recipe.file === file);

/** A recipe of the test's own, against the Data API, from its one workflow's YAML. */
function recipe(workflow: string): LoadedRecipe {
  const text = `arazzo: 1.0.1
info: { title: Test, version: 1.0.0 }
sourceDescriptions: [{ name: data, url: ../data-v4.yaml, type: openapi }]
workflows:
${workflow}`;
  return parseRecipe('test.arazzo.yaml', text, apis);
}

describe('the recipes', () => {
  it('are the six tasks of the guides, each source mapped to its API', () => {
    expect(recipes.map((loaded) => [loaded.slug, loaded.sources])).toEqual([
      ['chat-bot-post', { chat: 'chat-v1' }],
      ['hub-members-skill-levels', { data: 'data-v4' }],
      ['match-statistics', { data: 'data-v4' }],
      ['player-match-history', { data: 'data-v4' }],
      ['tournament-bracket', { data: 'data-v4' }],
      ['webhook-fetch-object', { data: 'data-v4' }],
    ]);
  });

  it("match today's documents", () => {
    expect(checkRecipes(recipes, todaysDocuments())).toEqual([]);
  });
});

describe('a document that lost what a recipe reads', () => {
  it('a field of an answer: the recipe, the step and the field', () => {
    const documents = changed('data-v4', (document) => {
      delete at(document, 'components', 'schemas', 'Player', 'properties').player_id;
    });
    expect(checkRecipes(recipes, documents)).toEqual([
      'recipe hub-members-skill-levels.arazzo.yaml, workflow memberPages, step profile: $response.body#/player_id: the 200 response of getPlayer has no field player_id',
      'recipe player-match-history.arazzo.yaml, workflow playerMatchHistory, step findPlayer: $response.body#/player_id: the 200 response of getPlayerByLookup has no field player_id',
    ]);
  });

  it('a field read through an earlier step’s output, inside a list', () => {
    const documents = changed('data-v4', (document) => {
      delete at(document, 'components', 'schemas', 'HubUser', 'properties').user_id;
    });
    expect(checkRecipes(byFile('hub-members-skill-levels.arazzo.yaml'), documents)).toEqual([
      'recipe hub-members-skill-levels.arazzo.yaml, workflow memberPages, step profile: $steps.member.outputs.members#/0/user_id: the 200 response of getHubMembers has no field user_id in /items/0',
    ]);
  });

  it('a parameter the step sets', () => {
    const documents = changed('data-v4', (document) => {
      const operation = at(document, 'paths', '/players', 'get');
      operation.parameters = (operation.parameters as JsonObject[]).filter(
        (parameter) => parameter.$ref !== '#/components/parameters/PlayerNickname',
      );
    });
    expect(checkRecipes(byFile('player-match-history.arazzo.yaml'), documents)).toEqual([
      'recipe player-match-history.arazzo.yaml, workflow playerMatchHistory, step findPlayer: sets query parameter nickname, which getPlayerByLookup does not take',
    ]);
  });

  it('a call, renamed', () => {
    const documents = changed('data-v4', (document) => {
      at(document, 'paths', '/tournaments/{tournament_id}/brackets', 'get').operationId = 'getBrackets';
    });
    expect(checkRecipes(byFile('tournament-bracket.arazzo.yaml'), documents)).toEqual([
      'recipe tournament-bracket.arazzo.yaml, workflow tournamentBracket, step brackets: calls operation getTournamentBrackets, which the data-v4 document does not have',
    ]);
  });

  it('the status the success criteria name', () => {
    const documents = changed('chat-v1', (document) => {
      const responses = at(document, 'paths', '/rooms/{room_id}/messages', 'post', 'responses');
      responses['201'] = responses['200'];
      delete responses['200'];
    });
    expect(checkRecipes(byFile('chat-bot-post.arazzo.yaml'), documents)).toEqual([
      'recipe chat-bot-post.arazzo.yaml, workflow chatBotPost, step post: its success criteria name status 200, which postRoomMessage does not answer',
    ]);
  });
});

describe('a recipe that names what it does not have', () => {
  it('a step, an output, an input, a goto target, a parameter in the wrong place, a required one left out', () => {
    const broken = recipe(`  - workflowId: w
    inputs: { type: object, properties: { matchId: { type: string } } }
    steps:
      - stepId: match
        operationId: $sourceDescriptions.data.getMatch
        parameters:
          - { name: match_id, in: query, value: $inputs.matchId }
        successCriteria: [{ condition: $statusCode == 200 }]
        onSuccess: [{ name: next, type: goto, stepId: nowhere }]
        outputs: { status: $response.body#/status }
      - stepId: stats
        operationId: $sourceDescriptions.data.getMatchStats
        parameters:
          - { name: match_id, in: path, value: $steps.match.outputs.state }
          - { name: limit, in: query, value: $inputs.size }
        successCriteria: [{ condition: $statusCode == 200 }]
    outputs: { rounds: $steps.statistics.outputs.rounds }`);
    expect(checkRecipes([broken], todaysDocuments())).toEqual([
      'recipe test.arazzo.yaml, workflow w, step match: sets parameter match_id in query, but getMatch takes it in path',
      'recipe test.arazzo.yaml, workflow w, step match: does not set the required path parameter match_id of getMatch',
      'recipe test.arazzo.yaml, workflow w, step match: onSuccess action next goes to step nowhere, which the workflow does not have',
      'recipe test.arazzo.yaml, workflow w, step stats: sets query parameter limit, which getMatchStats does not take',
      'recipe test.arazzo.yaml, workflow w, step stats: reads $steps.match.outputs.state, but step match keeps no output state',
      'recipe test.arazzo.yaml, workflow w, step stats: reads $inputs.size, an input workflow w does not declare',
      'recipe test.arazzo.yaml, workflow w, output rounds: reads $steps.statistics.outputs.rounds, but workflow w has no step statistics',
    ]);
  });

  it('a workflow it calls, and the inputs it gives one', () => {
    const broken = recipe(`  - workflowId: w
    steps:
      - stepId: again
        workflowId: other
      - stepId: self
        workflowId: w
        parameters: [{ name: extra, value: 1 }]
    outputs: { last: $workflows.other.outputs.x }`);
    expect(checkRecipes([broken], todaysDocuments())).toEqual([
      'recipe test.arazzo.yaml, workflow w, step again: calls workflow other, which the recipe does not have',
      'recipe test.arazzo.yaml, workflow w, step self: sets input extra, which workflow w does not declare',
      'recipe test.arazzo.yaml, workflow w, output last: reads $workflows.other.outputs.x, but the recipe has no workflow other',
    ]);
  });
});

describe('reading a recipe', () => {
  it('names a file that is not YAML, and what it lacks', () => {
    expect(() => parseRecipe('broken.arazzo.yaml', 'arazzo: [1.0.1', apis)).toThrow(
      /^the recipes in openapi\/recipes\/ cannot be read:\n {2}- recipe broken\.arazzo\.yaml: not valid YAML: /,
    );
    expect(() => parseRecipe('empty.arazzo.yaml', 'arazzo: 1.0.1\ninfo: { version: "1" }', apis)).toThrow(
      'the recipes in openapi/recipes/ cannot be read:\n' +
        '  - recipe empty.arazzo.yaml: no info.title\n' +
        '  - recipe empty.arazzo.yaml: no sourceDescriptions\n' +
        '  - recipe empty.arazzo.yaml: no workflows',
    );
  });

  it('names a source that is no API of the portal', () => {
    const text = `arazzo: 1.0.1
info: { title: T, version: 1.0.0 }
sourceDescriptions: [{ name: other, url: https://example.com/openapi.yaml, type: openapi }]
workflows: [{ workflowId: w, steps: [{ stepId: s, operationId: x }] }]`;
    expect(() => parseRecipe('remote.arazzo.yaml', text, apis)).toThrow(
      '  - recipe remote.arazzo.yaml: source "other" (https://example.com/openapi.yaml) names no API\'s vendored document (../data-v4.yaml, ../chat-v1.yaml)',
    );
  });

  it('finds the expressions in conditions, embedded text and payloads', () => {
    expect(
      expressionsIn({
        condition: '$response.body#/end <= $request.query.offset',
        text: 'match {$inputs.payload.match_id} of {$steps.member.outputs.members#/0/user_id}',
        list: [1, '$statusCode'],
      }),
    ).toEqual([
      '$response.body#/end',
      '$request.query.offset',
      '$inputs.payload.match_id',
      '$steps.member.outputs.members#/0/user_id',
      '$statusCode',
    ]);
  });
});

it("a recipe's prose names the brand by token, and the site's brand (or another) takes its place", () => {
  const text = readFileSync(path.join(root, 'openapi/recipes/player-match-history.arazzo.yaml'), 'utf8');
  expect(text).toContain('Retrieving {Product} data');
  expect(recipes.find((recipe) => recipe.slug === 'player-match-history')?.document.info.description).toContain(
    'Retrieving Arena data',
  );
  const rebranded = parseRecipe('player-match-history.arazzo.yaml', text, apis, { name: 'Bolt', slug: 'bolt' });
  expect(rebranded.document.info.description).toContain('Retrieving Bolt data');
  expect(JSON.stringify(rebranded.document)).not.toContain('{Product}');
});
