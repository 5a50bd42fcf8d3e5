// Prints a tournament's bracket round by round: what a bracket widget or a results page starts from.
// Usage: node tournament-bracket.mjs <tournament_id>
const [tournamentId] = process.argv.slice(2);
if (!tournamentId) throw new Error('Usage: node tournament-bracket.mjs <tournament_id>');
const response = await fetch(
  `${process.env.ARENA_DATA_API_URL}/tournaments/${encodeURIComponent(tournamentId)}/brackets`,
  {
    headers: { Authorization: `Bearer ${process.env.ARENA_API_KEY}` },
  },
);
if (!response.ok) throw new Error(`HTTP ${response.status}`);
const bracket = await response.json();
console.log(`${bracket.name} (${bracket.status})`);
for (const round of bracket.rounds) {
  const matches = bracket.matches.filter((match) => match.round === round.round);
  console.log(`  ${round.label}: best of ${round.best_of}, ${matches.length} matches`);
}
