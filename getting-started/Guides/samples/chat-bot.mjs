import { splitBody } from './split-body.mjs';

// A chat bot's core loop: read a room's recent messages page by page, then answer the newest question.
// Usage: node chat-bot.mjs <room_id>. Needs ARENA_CHAT_API_URL and ARENA_ACCESS_TOKEN in the environment.
const [roomId] = process.argv.slice(2);
if (!roomId) throw new Error('Usage: node chat-bot.mjs <room_id>');
const base = `${process.env.ARENA_CHAT_API_URL}/rooms/${encodeURIComponent(roomId)}`;
const headers = { Authorization: `Bearer ${process.env.ARENA_ACCESS_TOKEN}`, Accept: 'application/json' };
// The Chat API's limit on a message body, as the reference states it (the guide's setup block sets it).
const maxLength = Number(process.env.MESSAGE_MAX_LENGTH);
if (!Number.isInteger(maxLength) || maxLength < 1) throw new Error('Set MESSAGE_MAX_LENGTH (see the setup block).');

async function call(url, init = {}) {
  const response = await fetch(url, { ...init, headers: { ...headers, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${response.status}`);
  return response.json();
}

// Page backwards: each page's oldest timestamp is the next `before`. Three pages of 25 are enough for a bot's
// context (any page size the reference allows works).
const messages = [];
let before = '';
for (let page = 0; page < 3; page += 1) {
  const query = new URLSearchParams({ limit: '25', ...(before ? { before } : {}) });
  const list = await call(`${base}/messages?${query}`);
  messages.push(...list.messages);
  if (list.is_last_page || list.messages.length === 0) break;
  before = list.messages[list.messages.length - 1].timestamp;
}
console.log(`read ${messages.length} messages`);

const question = messages.find((message) => message.body.trim().endsWith('?'));
const answer = question ? `@${question.nickname} the rules are pinned in the hub.` : 'Good luck everyone!';
for (const body of splitBody(answer, maxLength)) {
  const { id } = await call(`${base}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  console.log(`posted ${id}`);
}
