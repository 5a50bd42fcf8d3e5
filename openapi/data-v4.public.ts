/**
 * Facts of the provider's public Data API v4 document (Swagger 2.0, `info.version: "4"`, base path `/data/v4`), as
 * vendored by public client generators (for example `mconnat/go-faceit`, `api/swagger.yaml`), written down by hand
 * when the vendored document was reconciled with it. Only facts carry over: names, types, limits, required flags,
 * response codes; the provider's brand prefix of `*_url`, `*_elo` and `*_points` fields reads `arena`.
 *
 * `data-v4.test.ts` asserts the vendored document against these tables where the product specification is silent;
 * where the two disagree the specification wins, and the test says so next to the row.
 */

/** A field's type in the public document: string, integer, number, boolean, array, object (also a $ref or a map),
 * date-time (a string of that format), or untyped (the public document gives no type). */
export type PublicType = 's' | 'i' | 'n' | 'b' | 'a' | 'o' | 't' | 'x';

/** Fields of every product entity of the public document, `name:type`, under our schema names. */
export const publicFields: Record<string, string> = {
  Address: 'address:s city:s country:s postcode:s',
  BirthDate: 'date:i month:i year:i',
  Brackets: 'game:s matches:a name:s rounds:a status:s',
  BracketsFaction: 'avatar:s nickname:s team_id:s',
  BracketsMatch: 'arena_url:s match_id:s position:i results:o round:i state:s teams:o',
  BracketsRound:
    'best_of:i label:s matches:i round:i start_time:i starts_asap:b substitution_time:i substitutions_allowed:b',
  Championship:
    'anticheat_required:b avatar:s background_image:s championship_id:s championship_start:i checkin_clear:i checkin_enabled:b checkin_start:i cover_image:s current_subscriptions:i description:s arena_url:s featured:b full:b game_data:o game_id:s id:s join_checks:o name:s organizer_data:o organizer_id:s prizes:a region:s rules_id:s schedule:o screening:o seeding_strategy:s slots:i status:s stream:o subscription_end:i subscription_start:i subscriptions_locked:b substitution_configuration:o total_groups:i total_prizes:i total_rounds:i type:s',
  ChampionshipBounds: 'left:i right:i',
  ChampionshipPlacement: 'id:s name:s type:s',
  ChampionshipResult: 'bounds:o placements:a',
  ChampionshipSubscription: 'coach:s coleader:s group:i leader:s roster:a status:s substitutes:a team:o',
  ClanSearch:
    'avatar:s game:s id:s join:s last_match_finished:t matches_count_24h:i max_skill_level:i members_count:i members_count_24h:i min_skill_level:i name:s organizer_id:s region:s type:s',
  CompetitionSearch:
    'competition_id:s competition_type:s game:s name:s number_of_members:i organizer_id:s organizer_name:s organizer_type:s players_checkedin:i players_joined:i prize_type:s region:s slots:i started_at:i status:s total_prize:s',
  DetailedMatchResult: 'asc_score:b factions:o winner:s',
  Division: 'assets:o config_type:s leaderboard_config:o leaderboards:a max_elo:i min_elo:i name:s tiers:a type:s',
  Faction: 'avatar:s faction_id:s leader:s name:s roster:a roster_v1:x stats:o substituted:b type:s',
  Game: 'assets:o game_id:s long_label:s order:i parent_game_id:s platforms:a regions:a short_label:s',
  GameDetail:
    'arena_elo:i game_player_id:s game_player_name:s game_profile_id:s region:s regions:x skill_level:i skill_level_label:s',
  GlobalRanking: 'country:s arena_elo:i game_skill_level:i nickname:s player_id:s position:i',
  Hub: 'avatar:s background_image:s chat_room_id:s cover_image:s description:s arena_url:s game_data:o game_id:s hub_id:s join_permission:s max_skill_level:i min_skill_level:i name:s organizer_data:o organizer_id:s players_joined:i region:s rule_id:s',
  HubStats: 'game_id:s players:a',
  HubUser: 'avatar:s arena_url:s nickname:s roles:a user_id:s',
  Item: 'category:s country_blacklist:a country_whitelist:a created_at:t created_by:s external_id:s games:a id:s media:o name:s new:b order_type:s platforms:a price:n published:b quantity:i sizes:a tags:a unlimited:b url:s',
  ItemMedia: 'avatar_full:s avatar_medium:s avatar_small:s',
  JoinCheck:
    'allowed_team_types:a blacklist_geo_countries:a join_policy:s max_skill_level:i membership_type:s min_skill_level:i whitelist_geo_countries:a whitelist_geo_countries_min_players:i',
  JoinType: 'maxParty:i party:b premade:b solo:b',
  Leaderboard:
    'competition_id:s competition_type:s end_date:i game_id:s group:i leaderboard_id:s leaderboard_mode:s leaderboard_name:s leaderboard_type:s min_matches:i points_per_draw:i points_per_loss:i points_per_win:i points_type:s ranking_boost:i ranking_type:s region:s round:i season:i start_date:i starting_points:i status:s',
  LeaderboardConfig: 'max_players:i points_per_loss:i points_per_win:i promotion:o relegation:o starting_points:i',
  LeaderboardRanking: 'end:i items:a leaderboard:o start:i',
  League: 'divisions:a game:s id:s min_matches:i region:s season:o',
  Match:
    'best_of:i broadcast_start_time:i broadcast_start_time_label:s calculate_elo:b chat_room_id:s competition_id:s competition_name:s competition_type:s configured_at:i demo_url:a detailed_results:a arena_url:s finished_at:i game:s group:i match_id:s organizer_id:s region:s results:o round:i scheduled_at:i started_at:i status:s teams:o version:i voting:x',
  MatchHistory:
    'competition_id:s competition_name:s competition_type:s arena_url:s finished_at:i game_id:s game_mode:s match_id:s match_type:s max_players:i organizer_id:s playing_players:a region:s results:o started_at:i status:s teams:o teams_size:i',
  MatchHistoryList: 'end:i from:i items:a start:i to:i',
  MatchHistoryPlayer: 'avatar:s arena_url:s game_player_id:s game_player_name:s nickname:s player_id:s skill_level:i',
  MatchHistoryTeam: 'avatar:s nickname:s players:a team_id:s type:s',
  MatchResult: 'score:o winner:s',
  MatchStats: 'rounds:a',
  Matchmaking: 'game:s icon:s id:s league_id:s long_description:s name:s queues:a region:s short_description:s',
  MatchmakingQueue: 'id:s name:s open:b organizer_id:s paused:b',
  MatchmakingSlim: 'game:s has_league:b id:s name:s region:s',
  Order: 'created_at:t game:s id:s item:o status:s updated_at:t user:o',
  OrderItem: 'external_id:s image_url:s item_id:s name:s price:n',
  OrderUser: 'external_id:s id:s',
  Organizer:
    'avatar:s cover:s description:s facebook:s arena_url:s followers_count:i name:s organizer_id:s twitch:s twitter:s type:s vk:s website:s youtube:s',
  OrganizerSearch: 'active:b avatar:s countries:a games:a name:s organizer_id:s partner:b regions:a',
  Placement: 'division_name:s division_type:s ladder:s matchmaking_id:s season_number:i tier_name:s tier_rank:i',
  Player:
    'activated_at:t avatar:s country:s cover_featured_image:s cover_image:s arena_url:s friends_ids:a games:o infractions:x membership_type:s memberships:a new_steam_id:s nickname:s platforms:o player_id:s settings:o steam_id_64:s steam_nickname:s verified:b',
  PlayerBan: 'ends_at:t game:s nickname:s reason:s starts_at:t type:s user_id:s',
  PlayerGlobalRankingList: 'end:i items:a position:i start:i',
  PlayerInLeague: 'division_name:s division_tier:s division_type:s leaderboard_id:s points:i position:i',
  PlayerMatchStats: 'stats:o',
  PlayerStats: 'game_id:s lifetime:o player_id:s segments:a',
  Prize: 'arena_points:i rank:i',
  Promotion: 'points:i',
  Queue:
    'adminTool:b anticheatRequired:b calculateElo:b captainSelection:s checkIn:o entityId:s entityType:s fbiManagement:b game:s groupSimilar:b id:s joinType:o lastModified:t maxSkill:i minSkill:i noOfPlayers:i open:b organizerId:s paused:b queueAlgorithm:o queueName:s region:s state:s verifiedMatching:b',
  QueueAlgorithm:
    'algorithmId:s algorithmInput:a algorithmParameters:o geoDescription:o geoLabel:o id:s roleBasedCaptainPick:b',
  QueueBan:
    'banEnd:t banId:s banStart:t createdAt:t entityId:s entityType:s expired:b lastModified:t nickname:s organizerId:s queueId:s reason:s type:s userId:s version:i',
  QueueSimple: 'entityId:s entityType:s game:s id:s lastModified:t open:b organizerId:s queueName:s region:s state:s',
  Ranking: 'current_streak:i draw:i lost:i played:i player:o points:i position:i win_rate:n won:i',
  Relegation: 'consecutive_losses:i',
  Role: 'color:s name:s ranking:i role_id:s visible_on_chat:b',
  Roster:
    'anticheat_required:b avatar:s game_player_id:s game_player_name:s game_skill_level:i membership:s nickname:s player_id:s',
  RoundStats:
    'best_of:x competition_id:x game_id:x game_mode:x match_id:x match_round:x played:x round_stats:o teams:a',
  Rules: 'body:s game:s name:s organizer:s rule_id:s',
  Season: 'end_date:t number:i placement_match_count:i start_date:t',
  SeasonDetailed: 'divisions:a season:o',
  SpacePlayer:
    'activated_at:t address:o avatar:s birth_date:o country:s cover_featured_image:s cover_image:s email:s arena_url:s first_name:s friends_ids:a games:o infractions:x last_name:s membership_type:s memberships:a new_steam_id:s nickname:s platforms:o player_id:s settings:o steam_id_64:s steam_nickname:s verified:b',
  Stats: 'rating:i skillLevel:o winProbability:n',
  SubstitutionConfiguration: 'max_substitutes:i max_substitutions:i',
  Team: 'avatar:s chat_room_id:s cover_image:s description:s facebook:s arena_url:s game:s leader:s members:a name:s nickname:s team_id:s team_type:s twitter:s website:s youtube:s',
  TeamSearch: 'avatar:s chat_room_id:s arena_url:s game:s name:s team_id:s verified:b',
  TeamStats: 'game_id:s lifetime:o segments:a team_id:s',
  TeamStatsSimple: 'players:a premade:x team_id:x team_stats:o',
  Tier: 'name:s points_target:i rank:i',
  Tournament:
    'anticheat_required:b best_of:x calculate_elo:b competition_id:s cover_image:s custom:b description:s arena_url:s featured_image:s game_data:o game_id:s invite_type:s match_type:s max_skill:i membership_type:s min_skill:i name:s number_of_players:i number_of_players_checkedin:i number_of_players_joined:i number_of_players_participants:i organizer_data:o organizer_id:s prize_type:s region:s rounds:a rule:s started_at:i status:s substitutes_allowed:i substitutions_allowed:i team_size:i total_prize:x tournament_id:s voting:x whitelist_countries:a',
  TournamentSimple:
    'anticheat_required:b custom:b arena_url:s featured_image:s game_id:s invite_type:s match_type:s max_skill:i membership_type:s min_skill:i name:s number_of_players:i number_of_players_checkedin:i number_of_players_joined:i number_of_players_participants:i organizer_id:s prize_type:s region:s started_at:i status:s subscriptions_count:i team_size:i total_prize:x tournament_id:s whitelist_countries:a',
  TournamentTeam: 'nickname:s skill_level:i subs_done:i team_id:s team_leader:s team_type:s',
  TournamentTeams: 'checked_in:a finished:a joined:a started:a',
  UserSearch: 'avatar:s country:s games:a nickname:s player_id:s status:s verified:b',
  UserSimple: 'avatar:s country:s arena_url:s membership_type:s memberships:a nickname:s skill_level:i user_id:s',
};

/** Fields the public document marks as deprecated ("Deprecated: …" in their description). */
export const publicDeprecated: [schema: string, field: string][] = [
  ['Championship', 'id'],
  ['GameDetail', 'game_profile_id'],
  ['GameDetail', 'regions'],
  ['GameDetail', 'skill_level_label'],
  ['Player', 'cover_featured_image'],
  ['Player', 'infractions'],
  ['Player', 'membership_type'],
  ['Tournament', 'competition_id'],
  ['UserSimple', 'membership_type'],
];

/** The entity each call answers with: the 200 body's schema, or with `[]` the schema of a list's items. */
export const publicResponses: Record<string, string> = {
  '/championships': 'Championship[]',
  '/championships/{championship_id}': 'Championship',
  '/championships/{championship_id}/matches': 'Match[]',
  '/championships/{championship_id}/results': 'ChampionshipResult[]',
  '/championships/{championship_id}/subscriptions': 'ChampionshipSubscription[]',
  '/games': 'Game[]',
  '/games/{game_id}': 'Game',
  '/games/{game_id}/parent': 'Game',
  '/games/{gameId}/matchmakings': 'MatchmakingSlim[]',
  '/games/{game_id}/queues': 'QueueSimple[]',
  '/games/{game_id}/queues/{queue_id}': 'Queue',
  '/games/{game_id}/queues/{queue_id}/bans': 'QueueBan[]',
  '/games/{game_id}/regions/{region_id}/queues': 'QueueSimple[]',
  '/hubs/{hub_id}': 'Hub',
  '/hubs/{hub_id}/matches': 'Match[]',
  '/hubs/{hub_id}/members': 'HubUser[]',
  '/hubs/{hub_id}/roles': 'Role[]',
  '/hubs/{hub_id}/rules': 'Rules',
  '/hubs/{hub_id}/stats': 'HubStats',
  '/leaderboards/championships/{championship_id}': 'Leaderboard[]',
  '/leaderboards/championships/{championship_id}/groups/{group}': 'Ranking[]',
  '/leaderboards/hubs/{hub_id}': 'Leaderboard[]',
  '/leaderboards/hubs/{hub_id}/general': 'Ranking[]',
  '/leaderboards/hubs/{hub_id}/seasons/{season}': 'Ranking[]',
  '/leaderboards/{leaderboard_id}': 'Ranking[]',
  '/leaderboards/{leaderboard_id}/players/{player_id}': 'Ranking',
  '/leagues/{league_id}': 'League',
  '/leagues/{league_id}/seasons/{season_id}': 'SeasonDetailed',
  '/leagues/{league_id}/seasons/{season_id}/players/{player_id}': 'PlayerInLeague',
  '/matches/{match_id}': 'Match',
  '/matches/{match_id}/stats': 'MatchStats',
  '/matchmakings/{matchmaking_id}': 'Matchmaking',
  '/organizers': 'Organizer',
  '/organizers/{organizer_id}': 'Organizer',
  '/organizers/{organizer_id}/championships': 'Championship[]',
  '/organizers/{organizer_id}/games': 'Game[]',
  '/organizers/{organizer_id}/hubs': 'Hub[]',
  '/organizers/{organizer_id}/tournaments': 'TournamentSimple[]',
  '/players': 'Player',
  '/players/{player_id}': 'Player',
  '/players/{player_id}/bans': 'PlayerBan[]',
  '/players/{player_id}/games/{game_id}/stats': 'PlayerMatchStats[]',
  '/players/{player_id}/history': 'MatchHistory[]',
  '/players/{player_id}/hubs': 'Hub[]',
  '/players/{player_id}/stats/{game_id}': 'PlayerStats',
  '/players/{player_id}/teams': 'Team[]',
  '/players/{player_id}/tournaments': 'TournamentSimple[]',
  '/rankings/games/{game_id}/regions/{region}': 'GlobalRanking[]',
  '/rankings/games/{game_id}/regions/{region}/players/{player_id}': 'GlobalRanking[]',
  '/search/championships': 'CompetitionSearch[]',
  '/search/clans': 'ClanSearch[]',
  '/search/hubs': 'CompetitionSearch[]',
  '/search/organizers': 'OrganizerSearch[]',
  '/search/players': 'UserSearch[]',
  '/search/teams': 'TeamSearch[]',
  '/search/tournaments': 'CompetitionSearch[]',
  '/teams/{team_id}': 'Team',
  '/teams/{team_id}/stats/{game_id}': 'TeamStats',
  '/teams/{team_id}/tournaments': 'TournamentSimple[]',
  '/tournaments': 'TournamentSimple[]',
  '/tournaments/{tournament_id}': 'Tournament',
  '/tournaments/{tournament_id}/brackets': 'Brackets',
  '/tournaments/{tournament_id}/matches': 'Match[]',
  '/tournaments/{tournament_id}/teams': 'TournamentTeams',
};

/** Every call's query parameters other than offset and limit, exactly as the public document lists them. */
export const publicQuery: Record<string, string[]> = {
  '/championships': ['game', 'type'],
  '/championships/{championship_id}': ['expanded'],
  '/championships/{championship_id}/matches': ['type'],
  '/games/{gameId}/matchmakings': ['region'],
  '/games/{game_id}/queues': ['entity_type', 'entity_id'],
  '/hubs/{hub_id}': ['expanded'],
  '/hubs/{hub_id}/matches': ['type'],
  '/organizers': ['name'],
  '/organizers/{organizer_id}/tournaments': ['type'],
  '/players': ['nickname', 'game', 'game_player_id'],
  '/players/{player_id}/games/{game_id}/stats': ['from', 'to'],
  '/players/{player_id}/history': ['game', 'from', 'to'],
  '/rankings/games/{game_id}/regions/{region}': ['country'],
  '/rankings/games/{game_id}/regions/{region}/players/{player_id}': ['country'],
  '/search/championships': ['name', 'game', 'region', 'type'],
  '/search/clans': ['name', 'game', 'region'],
  '/search/hubs': ['name', 'game', 'region'],
  '/search/organizers': ['name'],
  '/search/players': ['nickname', 'game', 'country'],
  '/search/teams': ['nickname', 'game'],
  '/search/tournaments': ['name', 'game', 'region', 'type'],
  '/tournaments': ['game', 'region'],
  '/tournaments/{tournament_id}': ['expanded'],
};

/** Calls the specification's §9 table does not list, paged as the public document pages them. */
export const publicPaging: Record<string, { limit: [max: number, def: number]; offset: boolean }> = {
  '/tournaments/{tournament_id}/matches': { limit: [100, 20], offset: true },
  '/tournaments/{tournament_id}/teams': { limit: [100, 20], offset: true },
  // Pages by limit alone: the public document gives this call no offset.
  '/rankings/games/{game_id}/regions/{region}/players/{player_id}': { limit: [100, 20], offset: false },
};

/** Calls without query filters that the public document says answer 400 (spec §8 lists 400 for calls with filters;
 * it is silent on these). */
export const publicBadRequestWithoutQuery = [
  '/games/{game_id}/queues/{queue_id}',
  '/leaderboards/{leaderboard_id}/players/{player_id}',
  '/leagues/{league_id}',
  '/leagues/{league_id}/seasons/{season_id}',
  '/leagues/{league_id}/seasons/{season_id}/players/{player_id}',
  '/matchmakings/{matchmaking_id}',
];

/** Path parameters the public document types as integers: spec §5 names group and season; it is silent on the
 * league's season_id. */
export const publicIntegerPathParameters = ['group', 'season', 'season_id'];
