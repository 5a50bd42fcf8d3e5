// Lists the demo files of a match and downloads the first one (or only prints its URL with --dry-run).
// Usage: node match-demos.mjs <match_id> [--dry-run]
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const [matchId, flag] = process.argv.slice(2);
if (!matchId) throw new Error('Usage: node match-demos.mjs <match_id> [--dry-run]');
const response = await fetch(`${process.env.ARENA_DATA_API_URL}/matches/${encodeURIComponent(matchId)}`, {
  headers: { Authorization: `Bearer ${process.env.ARENA_API_KEY}` },
});
if (!response.ok) throw new Error(`HTTP ${response.status}`);
const match = await response.json();
const demos = match.demo_url ?? [];
if (demos.length === 0) {
  console.log(`match ${matchId} (${match.status}) has no demo yet`);
} else {
  for (const url of demos) console.log(url);
  if (flag !== '--dry-run') {
    // Demo files are served without the API key: never send your key to a download host.
    const file = await fetch(demos[0]);
    if (!file.ok || !file.body) throw new Error(`download failed: HTTP ${file.status}`);
    const name = new URL(demos[0]).pathname.split('/').pop() ?? 'demo.dem.gz';
    await pipeline(Readable.fromWeb(file.body), createWriteStream(name));
    console.log(`saved ${name}`);
  }
}
