// Lists the first five games of the platform. Needs ARENA_DATA_API_URL and ARENA_API_KEY in the environment (Node 18 or later).
const response = await fetch(`${process.env.ARENA_DATA_API_URL}/games?limit=5`, {
  headers: { Authorization: `Bearer ${process.env.ARENA_API_KEY}`, Accept: 'application/json' },
});
if (!response.ok) {
  throw new Error(`HTTP ${response.status}: ${await response.text()}`);
}
const { items } = await response.json();
for (const game of items) {
  console.log(`${game.game_id}\t${game.long_label}`);
}
