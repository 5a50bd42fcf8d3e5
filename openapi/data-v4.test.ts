/**
 * The Data API document against the product specification and, where the specification is silent, the provider's
 * public v4 document. The tables below are written from the spec's text (§3, §5, §6, §7, §9) and, in
 * `data-v4.public.ts`, from the public document, not read from ours: they are the independent oracle it must match.
 */
import { describe, expect, test } from 'vitest';
import {
  findParameter,
  getOperation,
  isObject,
  listOperations,
  operationParameters,
  resolveRef,
  text,
  type JsonObject,
} from '../src/core/openapi/document';
import { readVendoredDocument } from '../tests/fixtures/vendored';
import {
  publicBadRequestWithoutQuery,
  publicDeprecated,
  publicFields,
  publicIntegerPathParameters,
  publicPaging,
  publicQuery,
  publicResponses,
  type PublicType,
} from './data-v4.public';

const doc = readVendoredDocument('data');

/**
 * Spec §7: every call (64), with §9's limit maximum / default and §5's offset maximum where the call pages; calls §9
 * does not list page as the public document says.
 */
type Paging = { limit: [max: number, def: number]; offsetMax?: number; offset?: boolean };
const calls: Record<string, Paging | null> = {
  '/championships': { limit: [10, 10] },
  '/championships/{championship_id}': null,
  '/championships/{championship_id}/matches': { limit: [100, 20] },
  '/championships/{championship_id}/results': { limit: [100, 20] },
  '/championships/{championship_id}/subscriptions': { limit: [10, 10] },
  '/games': { limit: [100, 20] },
  '/games/{game_id}': null,
  '/games/{game_id}/parent': null,
  '/games/{gameId}/matchmakings': { limit: [100, 20] },
  '/games/{game_id}/queues': { limit: [20, 20] },
  '/games/{game_id}/queues/{queue_id}': null,
  '/games/{game_id}/queues/{queue_id}/bans': { limit: [100, 20] },
  '/games/{game_id}/regions/{region_id}/queues': { limit: [20, 20] },
  '/hubs/{hub_id}': null,
  '/hubs/{hub_id}/matches': { limit: [100, 20] },
  '/hubs/{hub_id}/members': { limit: [50, 50], offsetMax: 1000 },
  '/hubs/{hub_id}/roles': { limit: [50, 50], offsetMax: 1000 },
  '/hubs/{hub_id}/rules': null,
  '/hubs/{hub_id}/stats': { limit: [100, 20] },
  '/leaderboards/championships/{championship_id}': { limit: [100, 20] },
  '/leaderboards/championships/{championship_id}/groups/{group}': { limit: [100, 20] },
  '/leaderboards/hubs/{hub_id}': { limit: [100, 20] },
  '/leaderboards/hubs/{hub_id}/general': { limit: [100, 20] },
  '/leaderboards/hubs/{hub_id}/seasons/{season}': { limit: [100, 20] },
  '/leaderboards/{leaderboard_id}': { limit: [100, 20] },
  '/leaderboards/{leaderboard_id}/players/{player_id}': null,
  '/leagues/{league_id}': null,
  '/leagues/{league_id}/seasons/{season_id}': null,
  '/leagues/{league_id}/seasons/{season_id}/players/{player_id}': null,
  '/matches/{match_id}': null,
  '/matches/{match_id}/stats': null,
  '/matchmakings/{matchmaking_id}': null,
  '/organizers': null,
  '/organizers/{organizer_id}': null,
  '/organizers/{organizer_id}/championships': { limit: [100, 20] },
  '/organizers/{organizer_id}/games': null,
  '/organizers/{organizer_id}/hubs': { limit: [50, 50], offsetMax: 1000 },
  '/organizers/{organizer_id}/tournaments': { limit: [100, 20] },
  '/players': null,
  '/players/{player_id}': null,
  '/players/{player_id}/bans': { limit: [100, 20] },
  '/players/{player_id}/games/{game_id}/stats': { limit: [100, 20], offsetMax: 200 },
  '/players/{player_id}/history': { limit: [100, 20], offsetMax: 1000 },
  '/players/{player_id}/hubs': { limit: [50, 50], offsetMax: 1000 },
  '/players/{player_id}/stats/{game_id}': null,
  '/players/{player_id}/teams': { limit: [100, 20] },
  '/players/{player_id}/tournaments': { limit: [100, 20] },
  '/rankings/games/{game_id}/regions/{region}': { limit: [100, 20] },
  '/rankings/games/{game_id}/regions/{region}/players/{player_id}':
    publicPaging['/rankings/games/{game_id}/regions/{region}/players/{player_id}'] ?? null,
  '/search/championships': { limit: [100, 20] },
  '/search/clans': { limit: [100, 20] },
  '/search/hubs': { limit: [100, 20] },
  '/search/organizers': { limit: [100, 20] },
  '/search/players': { limit: [100, 20] },
  '/search/teams': { limit: [100, 20] },
  '/search/tournaments': { limit: [100, 20] },
  '/teams/{team_id}': null,
  '/teams/{team_id}/stats/{game_id}': null,
  '/teams/{team_id}/tournaments': { limit: [100, 20] },
  '/tournaments': { limit: [100, 20] },
  '/tournaments/{tournament_id}': null,
  '/tournaments/{tournament_id}/brackets': null,
  '/tournaments/{tournament_id}/matches': publicPaging['/tournaments/{tournament_id}/matches'] ?? null,
  '/tournaments/{tournament_id}/teams': publicPaging['/tournaments/{tournament_id}/teams'] ?? null,
};

/** Spec §5: required query parameters. */
const requiredQuery: [string, string[]][] = [
  ['/championships', ['game']],
  ['/players/{player_id}/history', ['game']],
  ['/organizers', ['name']],
  ['/search/championships', ['name']],
  ['/search/clans', ['name']],
  ['/search/hubs', ['name']],
  ['/search/organizers', ['name']],
  ['/search/tournaments', ['name']],
  ['/search/players', ['nickname']],
  ['/search/teams', ['nickname']],
  ['/games/{game_id}/queues', ['entity_type', 'entity_id']],
];

/** Spec §7: the query parameters each call lists (paging parameters are checked against §9 above). */
const listedQuery: [string, string[]][] = [
  ['/championships', ['game', 'type']],
  ['/championships/{championship_id}', ['expanded']],
  ['/championships/{championship_id}/matches', ['type']],
  ['/games/{gameId}/matchmakings', ['region']],
  ['/games/{game_id}/queues', ['entity_type', 'entity_id']],
  ['/hubs/{hub_id}', ['expanded']],
  ['/organizers', ['name']],
  ['/players', ['nickname', 'game', 'game_player_id']],
  ['/players/{player_id}/games/{game_id}/stats', ['from', 'to']],
  ['/players/{player_id}/history', ['game', 'from', 'to']],
  ['/rankings/games/{game_id}/regions/{region}', ['country']],
  ['/search/players', ['nickname', 'game', 'country']],
  ['/tournaments/{tournament_id}', ['expanded']],
];

const operations = listOperations(doc);
const byPath = (path: string) => getOperation(doc, path);
const schemaOf = (parameter: JsonObject | undefined) => (parameter?.schema ?? {}) as JsonObject;

describe('Data API v4: document', () => {
  test('is OpenAPI 3.1 titled Data API, version 4, on the production server', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: 'Data API', version: '4' });
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://open.arena.example/data/v4' })]);
  });

  test('requires an API key in the Authorization header as a bearer credential on every call', () => {
    expect(doc.security).toEqual([{ ApiKey: [] }]);
    const scheme = resolveRef<JsonObject>(doc, ((doc.components as JsonObject).securitySchemes as JsonObject).ApiKey);
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operations.filter((ref) => ref.operation.security !== undefined)).toEqual([]);
  });

  test('has exactly the 64 calls of spec §7, all GET', () => {
    expect(operations.map((ref) => ref.path).sort()).toEqual(Object.keys(calls).sort());
    expect(operations).toHaveLength(64);
    expect(new Set(operations.map((ref) => ref.method))).toEqual(new Set(['get']));
  });

  test('gives every call a unique camelCase operationId, a summary, a description and one known tag', () => {
    const tags = (doc.tags as JsonObject[]).map((tag) => tag.name);
    expect(tags).toEqual([
      'Championships',
      'Games',
      'Hubs',
      'Leaderboards',
      'Leagues',
      'Matches',
      'Matchmakings',
      'Organizers',
      'Players',
      'Rankings',
      'Search',
      'Teams',
      'Tournaments',
    ]);
    const ids = operations.map((ref) => ref.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, operation } of operations) {
      expect(operation.operationId, path).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(operation.summary, path).toEqual(expect.any(String));
      expect(text(operation.description).length, path).toBeGreaterThan(20);
      expect(operation.tags, path).toHaveLength(1);
      expect(tags, path).toContain((operation.tags as string[])[0]);
      expect(operation.requestBody, path).toBeUndefined();
    }
  });

  test('marks only the v1 tournaments list as deprecated', () => {
    expect(operations.filter((ref) => ref.operation.deprecated === true).map((ref) => ref.path)).toEqual([
      '/tournaments',
    ]);
  });
});

describe('Data API v4: paging (spec §5 and §9)', () => {
  test.each(Object.entries(calls))('%s pages as the spec says', (path, paging) => {
    const ref = byPath(path);
    const limit = findParameter(doc, ref, 'limit');
    const offset = findParameter(doc, ref, 'offset');
    if (paging === null) {
      expect(limit).toBeUndefined();
      expect(offset).toBeUndefined();
      return;
    }
    expect(schemaOf(limit)).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: paging.limit[0],
      default: paging.limit[1],
    });
    if (paging.offset === false) expect(offset).toBeUndefined();
    else {
      expect(schemaOf(offset)).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
      expect(schemaOf(offset).maximum).toBe(paging.offsetMax);
    }
    expect(limit?.required ?? false).toBe(false);
  });
});

describe('Data API v4: parameters (spec §5 and §7)', () => {
  test.each(requiredQuery)('%s requires %j', (path, names) => {
    const required = operationParameters(doc, byPath(path))
      .filter((parameter) => parameter.in === 'query' && parameter.required === true)
      .map((parameter) => parameter.name);
    expect(required.sort()).toEqual([...names].sort());
  });

  test('no other call requires a query parameter', () => {
    const withRequired = operations
      .filter((ref) => operationParameters(doc, ref).some((p) => p.in === 'query' && p.required === true))
      .map((ref) => ref.path);
    expect(withRequired.sort()).toEqual(requiredQuery.map(([path]) => path).sort());
  });

  test.each(listedQuery)('%s takes the query parameters %j', (path, names) => {
    for (const name of names) expect(findParameter(doc, byPath(path), name), name).toBeDefined();
  });

  test.each(['/championships/{championship_id}', '/hubs/{hub_id}', '/tournaments/{tournament_id}'])(
    '%s takes expanded as a unique comma-separated list of organizer and game',
    (path) => {
      const expanded = findParameter(doc, byPath(path), 'expanded');
      expect(expanded).toMatchObject({ style: 'form', explode: false });
      expect(schemaOf(expanded)).toEqual({
        type: 'array',
        uniqueItems: true,
        items: { type: 'string', enum: ['organizer', 'game'] },
      });
    },
  );

  test.each(['/championships', '/championships/{championship_id}/matches', '/hubs/{hub_id}/matches'])(
    '%s filters matches by all, upcoming, ongoing or past',
    (path) => {
      expect(schemaOf(findParameter(doc, byPath(path), 'type')).enum).toEqual(['all', 'upcoming', 'ongoing', 'past']);
    },
  );

  test('organizer tournaments are upcoming by default, or past', () => {
    expect(schemaOf(findParameter(doc, byPath('/organizers/{organizer_id}/tournaments'), 'type'))).toEqual({
      type: 'string',
      enum: ['upcoming', 'past'],
      default: 'upcoming',
    });
  });

  test('player game stats take from and to in epoch milliseconds', () => {
    for (const name of ['from', 'to']) {
      const parameter = findParameter(doc, byPath('/players/{player_id}/games/{game_id}/stats'), name);
      expect(schemaOf(parameter).type).toBe('integer');
      expect(text(parameter?.description)).toMatch(/millisecond/i);
    }
  });

  test('player history takes from and to as Unix timestamps of at least 0, defaulting to a month ago and now', () => {
    const ref = byPath('/players/{player_id}/history');
    const from = findParameter(doc, ref, 'from');
    const to = findParameter(doc, ref, 'to');
    for (const parameter of [from, to]) {
      expect(schemaOf(parameter)).toMatchObject({ type: 'integer', minimum: 0 });
      expect(text(parameter?.description)).toMatch(/Unix timestamp/);
    }
    expect(text(from?.description)).toMatch(/one month/i);
    expect(text(to?.description)).toMatch(/now/i);
  });

  test('path parameters are required strings, except group, season and season_id, which are integers', () => {
    for (const ref of operations) {
      for (const parameter of operationParameters(doc, ref).filter((p) => p.in === 'path')) {
        expect(ref.path, text(parameter.name)).toContain(`{${text(parameter.name)}}`);
        expect(parameter.required, `${ref.path} ${text(parameter.name)}`).toBe(true);
        const expected = publicIntegerPathParameters.includes(text(parameter.name)) ? 'integer' : 'string';
        expect(schemaOf(parameter).type, `${ref.path} ${text(parameter.name)}`).toBe(expected);
      }
    }
  });
});

describe('Data API v4: responses (spec §8) and access (spec §6)', () => {
  test.each(operations.map((ref) => [ref.path, ref] as const))('%s answers the errors of §8', (_path, ref) => {
    const responses = ref.operation.responses as JsonObject;
    // §8: 400 on calls with query filters (kept where the public document omits it); the public document adds it on
    // a few calls without filters.
    const takesQuery = operationParameters(doc, ref).some((parameter) => parameter.in === 'query');
    const badRequest = takesQuery || publicBadRequestWithoutQuery.includes(ref.path);
    const expected = [...(badRequest ? ['400'] : []), '401', '403', '404', '429', '503', 'default', '200'];
    expect(Object.keys(responses).sort()).toEqual(expected.sort());
    for (const code of Object.keys(responses)) {
      expect(text(resolveRef<JsonObject>(doc, responses[code] ?? null).description).length).toBeGreaterThan(5);
    }
    const ok = resolveRef<JsonObject>(doc, responses['200'] ?? null);
    expect(Object.keys(ok.content as JsonObject)).toEqual(['application/json']);
  });

  test.each([
    ['/games/{game_id}/queues/{queue_id}', /game owners or queue owners \(organizers\)/],
    ['/games/{game_id}/queues/{queue_id}/bans', /game owners or queue owners \(organizers\)/],
    ['/games/{game_id}/queues', /game developers and queue owners/],
    ['/games/{game_id}/regions/{region_id}/queues', /only game developers may/],
  ])('%s says who may call it', (path, who) => {
    expect(text(byPath(path).operation.description)).toMatch(/Restricted/);
    expect(text(byPath(path).operation.description)).toMatch(who);
  });
});

/** Spec §3: every entity with every field it lists (`{product}` is `arena`). */
const entities: Record<string, string> = {
  Championship:
    'championship_id name description game_id game_data organizer_id organizer_data region type status slots current_subscriptions full featured arena_url avatar cover_image background_image championship_start subscription_start subscription_end subscriptions_locked checkin_enabled checkin_start checkin_clear anticheat_required seeding_strategy rules_id total_groups total_rounds total_prizes prizes schedule screening stream join_checks substitution_configuration',
  Game: 'game_id long_label short_label order parent_game_id platforms regions assets',
  Hub: 'hub_id name description game_id organizer_id region players_joined min_skill_level max_skill_level join_permission chat_room_id rule_id arena_url avatar cover_image background_image',
  HubUser: 'user_id nickname avatar arena_url roles',
  Brackets: 'game name status rounds matches',
  BracketsRound: 'round label best_of matches start_time starts_asap substitution_time substitutions_allowed',
  BracketsMatch: 'match_id round position state results teams arena_url',
  ClanSearch:
    'id name game region type join avatar organizer_id members_count members_count_24h matches_count_24h min_skill_level max_skill_level last_match_finished',
  CompetitionSearch:
    'competition_id competition_type name game region organizer_id organizer_name organizer_type status started_at slots number_of_members players_joined players_checkedin prize_type total_prize',
  GlobalRanking: 'player_id nickname country position arena_elo game_skill_level',
  GameDetail: 'arena_elo game_player_id game_player_name region skill_level',
  Division: 'name type config_type min_elo max_elo tiers leaderboards assets',
  ChampionshipSubscription: 'team status group leader coleader coach roster substitutes',
  DetailedMatchResult: 'winner asc_score factions',
  Faction: 'faction_id name leader roster avatar type substituted stats',
  Item: 'category country_blacklist country_whitelist created_at created_by external_id games id media name new order_type platforms price published quantity sizes tags unlimited url',
  ItemMedia: 'avatar_full avatar_medium avatar_small',
  JoinCheck:
    'allowed_team_types blacklist_geo_countries join_policy max_skill_level membership_type min_skill_level whitelist_geo_countries whitelist_geo_countries_min_players',
  JoinType: 'maxParty party premade solo',
  Leaderboard:
    'competition_id competition_type end_date game_id group leaderboard_id leaderboard_mode leaderboard_name leaderboard_type min_matches points_per_draw points_per_loss points_per_win points_type ranking_boost ranking_type region round season start_date starting_points status',
  LeaderboardConfig: 'max_players points_per_loss points_per_win promotion relegation starting_points',
  Promotion: 'points',
  Relegation: 'consecutive_losses',
  League: 'divisions game id min_matches region season',
  Season: 'end_date number placement_match_count start_date',
  SeasonDetailed: 'divisions season',
  Match:
    'best_of broadcast_start_time broadcast_start_time_label calculate_elo chat_room_id competition_id competition_name competition_type configured_at demo_url detailed_results arena_url finished_at game group match_id organizer_id region results round scheduled_at started_at status teams version voting',
  MatchResult: 'score winner',
  MatchHistory:
    'competition_id competition_name competition_type arena_url finished_at game_id game_mode match_id match_type max_players organizer_id playing_players region results started_at status teams teams_size',
  MatchHistoryPlayer: 'avatar arena_url game_player_id game_player_name nickname player_id skill_level',
  MatchStats: 'rounds',
  RoundStats: 'best_of competition_id game_id game_mode match_id match_round played round_stats teams',
  TeamStatsSimple: 'players premade team_id team_stats',
  Matchmaking: 'game icon id league_id long_description name queues region short_description',
  MatchmakingSlim: 'game has_league id name region',
  MatchmakingQueue: 'id name open organizer_id paused',
  Order: 'created_at game id item status updated_at user',
  OrderItem: 'external_id image_url item_id name price',
  OrderUser: 'external_id id',
  Organizer:
    'avatar cover description facebook twitch twitter vk youtube website arena_url followers_count name organizer_id type',
  OrganizerSearch: 'active avatar countries games name organizer_id partner regions',
  Placement: 'division_name division_type ladder matchmaking_id season_number tier_name tier_rank',
  Player:
    'activated_at avatar country cover_image arena_url friends_ids games memberships nickname platforms player_id settings steam_id_64 steam_nickname verified',
  PlayerBan: 'ends_at game nickname reason starts_at type user_id',
  PlayerInLeague: 'division_name division_tier division_type leaderboard_id points position',
  PlayerStats: 'game_id lifetime player_id segments',
  Prize: 'arena_points rank',
  Queue:
    'adminTool anticheatRequired calculateElo captainSelection checkIn entityId entityType fbiManagement game groupSimilar id joinType lastModified maxSkill minSkill noOfPlayers open organizerId paused queueAlgorithm queueName region state verifiedMatching',
  QueueBan:
    'banEnd banId banStart createdAt entityId entityType expired lastModified nickname organizerId queueId reason type userId version',
  Ranking: 'current_streak draw lost played player points position win_rate won',
  Role: 'color name ranking role_id visible_on_chat',
  Roster: 'anticheat_required avatar game_player_id game_player_name game_skill_level membership nickname player_id',
  Rules: 'body game name organizer rule_id',
  Stats: 'rating skillLevel winProbability',
  SubstitutionConfiguration: 'max_substitutes max_substitutions',
  Team: 'avatar chat_room_id cover_image description arena_url game leader members name nickname team_id team_type',
  TeamSearch: 'avatar chat_room_id arena_url game name team_id verified',
  TeamStats: 'game_id lifetime segments team_id',
  Tier: 'name points_target rank',
  Tournament:
    'anticheat_required best_of calculate_elo cover_image custom description game_data game_id invite_type match_type max_skill min_skill membership_type name number_of_players number_of_players_checkedin number_of_players_joined number_of_players_participants organizer_data organizer_id prize_type region rounds rule started_at status substitutes_allowed substitutions_allowed team_size total_prize tournament_id voting whitelist_countries',
  TournamentSimple: 'subscriptions_count',
  TournamentTeam: 'nickname skill_level subs_done team_id team_leader team_type',
  TournamentTeams: 'checked_in finished joined started',
  UserSearch: 'avatar country games nickname player_id status verified',
  UserSimple: 'avatar country arena_url memberships nickname skill_level user_id',
};

const schemas = (doc.components as JsonObject).schemas as JsonObject;

/** Property names of a schema, through allOf. */
function propertiesOf(schema: JsonObject): Record<string, JsonObject> {
  const own = isObject(schema.properties) ? (schema.properties as Record<string, JsonObject>) : {};
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  const inherited = parts.map((part) => propertiesOf(resolveRef<JsonObject>(doc, part)));
  return Object.assign({}, ...inherited, own) as Record<string, JsonObject>;
}

describe('Data API v4: entities (spec §3)', () => {
  test.each(Object.entries(entities))('%s has every field the spec lists', (name, fields) => {
    const schema = schemas[name];
    expect(schema, name).toBeDefined();
    expect(Object.keys(propertiesOf(schema as JsonObject))).toEqual(expect.arrayContaining(fields.split(' ')));
  });

  test('SpacePlayer is a Player with address, birth date, names and email', () => {
    expect(Object.keys(propertiesOf(schemas.SpacePlayer as JsonObject))).toEqual(
      expect.arrayContaining([
        ...(entities.Player ?? '').split(' '),
        'address',
        'birth_date',
        'first_name',
        'last_name',
        'email',
      ]),
    );
  });

  test.each([
    ['Item', 'price', { type: 'number', format: 'float' }],
    ['Item', 'quantity', { type: 'integer' }],
    ['Ranking', 'win_rate', { type: 'number', format: 'double' }],
    ['Division', 'config_type', { enum: ['nested', 'classic'] }],
    ['LeaderboardConfig', 'points_per_win', { default: 3, example: 10 }],
    ['LeaderboardConfig', 'points_per_loss', { example: -2 }],
    ['Promotion', 'points', { example: 10 }],
    ['Relegation', 'consecutive_losses', { example: 3 }],
    ['Team', 'team_type', { example: 'premade' }],
  ])('%s.%s is typed as the spec says', (name, field, expected) => {
    expect(propertiesOf(schemas[name] as JsonObject)[field]).toMatchObject(expected);
  });

  test.each([
    ['Championship', 'schedule'],
    ['Player', 'games'],
    ['Player', 'platforms'],
    ['Match', 'teams'],
    ['MatchResult', 'score'],
  ])('%s.%s is a map', (name, field) => {
    const property = propertiesOf(schemas[name] as JsonObject)[field];
    expect(property).toMatchObject({ type: 'object' });
    expect(property?.additionalProperties).toBeDefined();
  });

  test.each([['UserSimple'], ['Player']])('%s memberships show the examples free and unlimited', (name) => {
    expect(propertiesOf(schemas[name] as JsonObject).memberships?.examples).toEqual([['free'], ['unlimited']]);
  });

  test('every list response shares start, end and items; match history adds from and to', () => {
    for (const { path, operation } of operations) {
      const ok = resolveRef<JsonObject>(doc, (operation.responses as JsonObject)['200'] ?? null);
      const schema = resolveRef<JsonObject>(
        doc,
        ((ok.content as JsonObject)['application/json'] as JsonObject).schema ?? null,
      );
      const properties = Object.keys(propertiesOf(schema));
      if (properties.includes('items')) expect(properties, path).toEqual(expect.arrayContaining(['start', 'end']));
    }
    expect(Object.keys(propertiesOf(schemas.MatchHistoryList as JsonObject))).toEqual(
      expect.arrayContaining(['start', 'end', 'items', 'from', 'to']),
    );
    expect(Object.keys(propertiesOf(schemas.PlayerGlobalRankingList as JsonObject))).toContain('position');
  });

  test('every schema has a description', () => {
    const missing = Object.entries(schemas).filter(([, schema]) => !(schema as JsonObject).description);
    expect(missing.map(([name]) => name)).toEqual([]);
  });

  test('carries no container-engine schemas', () => {
    const names = Object.keys(schemas).join(' ');
    expect(names).not.toMatch(/Volume|Plugin|Swarm|Image|Container|Network|Service|Node|Secret/);
  });
});

/** What a property of ours is, in the public document's terms. */
function typeOf(property: JsonObject): PublicType | undefined {
  if (property.$ref !== undefined || property.allOf !== undefined || property.type === 'object') return 'o';
  if (property.type === 'string') return property.format === 'date-time' ? 't' : 's';
  const short = { integer: 'i', number: 'n', boolean: 'b', array: 'a' } as const;
  return short[property.type as keyof typeof short];
}

/** The schema a 200 answer carries, or `Name[]` for the items of a list. */
function answerOf(path: string): string {
  const ok = resolveRef<JsonObject>(doc, (byPath(path).operation.responses as JsonObject)['200'] ?? null);
  const schema = ((ok.content as JsonObject)['application/json'] as JsonObject).schema as JsonObject;
  const name = (ref: unknown) =>
    text((ref as JsonObject).$ref)
      .split('/')
      .pop();
  const items = propertiesOf(resolveRef<JsonObject>(doc, schema)).items;
  return items?.items === undefined ? `${name(schema)}` : `${name(items.items)}[]`;
}

describe("Data API v4: the provider's public document, where the spec is silent", () => {
  test.each(Object.entries(publicFields))('%s has every field of the public document, typed alike', (name, fields) => {
    const properties = propertiesOf(schemas[name] as JsonObject);
    for (const field of fields.split(' ')) {
      const [key = '', type] = field.split(':');
      expect(properties[key], `${name}.${key}`).toBeDefined();
      if (type !== 'x') expect(typeOf(properties[key] ?? {}), `${name}.${key}`).toBe(type);
    }
  });

  test.each(publicDeprecated)('%s.%s is deprecated and says what replaced it or that it is unused', (name, field) => {
    const property = propertiesOf(schemas[name] as JsonObject)[field];
    expect(property).toMatchObject({ deprecated: true });
    expect(text(property?.description)).toMatch(/Replaced by `\w+`|No longer in use/);
  });

  test.each(Object.entries(publicResponses))('%s answers with %s', (path, entity) => {
    expect(answerOf(path)).toBe(entity);
  });

  test.each(operations.map((ref) => [ref.path] as const))(
    '%s takes the query parameters the public document lists',
    (path) => {
      const names = operationParameters(doc, byPath(path))
        .filter((parameter) => parameter.in === 'query' && !['offset', 'limit'].includes(text(parameter.name)))
        .map((parameter) => text(parameter.name));
      expect(names.sort()).toEqual([...(publicQuery[path] ?? [])].sort());
    },
  );

  test('the public document covers every call and every entity the spec lists', () => {
    expect(Object.keys(publicResponses).sort()).toEqual(Object.keys(calls).sort());
    expect(Object.keys(publicFields)).toEqual(expect.arrayContaining(Object.keys(entities)));
  });
});
