// Lists the bans of a matchmaking queue. Only the game's or the queue's owner may call this: any other API key gets
// 403, which this sample reports instead of retrying. Usage: node queue-bans.mjs <game_id> <queue_id>
const [gameId, queueId] = process.argv.slice(2);
if (!gameId || !queueId) throw new Error('Usage: node queue-bans.mjs <game_id> <queue_id>');
const url = `${process.env.ARENA_DATA_API_URL}/games/${encodeURIComponent(gameId)}/queues/${encodeURIComponent(queueId)}/bans`;
const response = await fetch(url, { headers: { Authorization: `Bearer ${process.env.ARENA_API_KEY}` } });
if (response.status === 403) {
  console.log('This API key may not read the bans of this queue: ask the queue owner for access.');
  process.exit(2);
}
if (!response.ok) throw new Error(`HTTP ${response.status}`);
const { items } = await response.json();
for (const ban of items) {
  console.log(`${ban.nickname}\t${ban.reason}\tuntil ${new Date(ban.banEnd).toISOString()}`);
}
