// Exports a hub's members as newline-delimited JSON, the format most customer-data platforms import.
// Usage: node hub-members-export.mjs <hub_id> > members.ndjson
const [hubId] = process.argv.slice(2);
if (!hubId) throw new Error('Usage: node hub-members-export.mjs <hub_id>');
const limit = 25; // a page size of our choice, within the call's maximum (see the reference)
let offset = 0;
let exported = 0;
for (;;) {
  const url = new URL(`${process.env.ARENA_DATA_API_URL}/hubs/${encodeURIComponent(hubId)}/members`);
  url.search = new URLSearchParams({ offset: String(offset), limit: String(limit) }).toString();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${process.env.ARENA_API_KEY}` } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const page = await response.json();
  for (const member of page.items) {
    // Only what the Data API publishes: ids and public profile fields, no personal data.
    process.stdout.write(
      `${JSON.stringify({ user_id: member.user_id, nickname: member.nickname, roles: member.roles })}\n`,
    );
    exported += 1;
  }
  if (page.items.length < limit) break;
  offset += limit;
}
console.error(`exported ${exported} members`);
