// A small Data API client for a server: the key comes from the environment, never from code or a browser, and
// 429 and 503 answers are retried with exponential backoff. Usage: node data-client.mjs <path> [query]
const baseUrl = process.env.ARENA_DATA_API_URL;
const apiKey = process.env.ARENA_API_KEY;
if (!baseUrl || !apiKey) {
  throw new Error('Set ARENA_DATA_API_URL and ARENA_API_KEY first.');
}

export async function dataApi(path, query = {}, { attempts = 4 } = {}) {
  const url = new URL(`${baseUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' } });
    if (response.ok) return response.json();
    const retryable = response.status === 429 || response.status === 503;
    if (!retryable || attempt === attempts) {
      throw new Error(`${path}: HTTP ${response.status}`);
    }
    // 0.5 s, 1 s, 2 s...: give the service room instead of hammering it.
    await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
  }
}

const [path = '/games', query = ''] = process.argv.slice(2);
console.log(JSON.stringify(await dataApi(path, Object.fromEntries(new URLSearchParams(query))), null, 2));
