// Prints a player's matches of one game in a time window, page by page.
// Usage: node player-history.mjs <player_id> <game> [days back, default 30]
const [playerId, game, days = '30'] = process.argv.slice(2);
if (!playerId || !game) throw new Error('Usage: node player-history.mjs <player_id> <game> [days]');

const to = Math.floor(Date.now() / 1000); // Unix seconds, as the history call takes them
const from = to - Number(days) * 24 * 60 * 60;
const limit = 50; // a page size of our choice, within the call's maximum (see the paging table)
let offset = 0;
for (;;) {
  const url = new URL(`${process.env.ARENA_DATA_API_URL}/players/${encodeURIComponent(playerId)}/history`);
  url.search = new URLSearchParams({
    game,
    from: String(from),
    to: String(to),
    offset: String(offset),
    limit: String(limit),
  });
  const response = await fetch(url, { headers: { Authorization: `Bearer ${process.env.ARENA_API_KEY}` } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const page = await response.json();
  for (const match of page.items) {
    console.log(`${new Date(match.finished_at * 1000).toISOString()}  ${match.match_id}  ${match.game_mode}`);
  }
  // A short page is the last one.
  if (page.items.length < limit) break;
  offset += limit;
}
