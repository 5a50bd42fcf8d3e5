// The authorization code flow with PKCE, end to end, for an app with a server: it listens for the player's return
// on 127.0.0.1, prints the authorization page to open, checks `state`, exchanges the code with the verifier, posts a
// message with the access token, then refreshes the token and posts again. Tokens are never printed.
// Usage: ARENA_CHAT_API_URL=<base URL> OAUTH_CLIENT_ID=<client id> node oauth-flow.mjs <room id>
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const chatUrl = process.env.ARENA_CHAT_API_URL;
const clientId = process.env.OAUTH_CLIENT_ID;
const roomId = process.argv[2];
if (!chatUrl || !clientId || !roomId)
  throw new Error('Set ARENA_CHAT_API_URL and OAUTH_CLIENT_ID, and pass a room id.');
// The OAuth2 endpoints are on the API's host (the Chat API document's authorization code flow).
const authorizeUrl = new URL('/oauth/authorize', chatUrl);
const tokenUrl = new URL('/oauth/token', chatUrl);

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const state = randomBytes(16).toString('base64url');

async function token(form) {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ client_id: clientId, ...form }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`token endpoint: ${body.error} (${body.error_description ?? 'no description'})`);
  return body;
}

async function post(accessToken, text) {
  const response = await fetch(`${chatUrl}/rooms/${encodeURIComponent(roomId)}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ body: text }),
  });
  return response.status;
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url, redirectUri);
  if (url.pathname !== '/callback') return response.writeHead(404).end();
  try {
    if (url.searchParams.get('state') !== state) throw new Error('state does not match: refused');
    const error = url.searchParams.get('error');
    if (error) throw new Error(`authorization refused: ${error}`);
    const tokens = await token({
      grant_type: 'authorization_code',
      code: url.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    console.log(`access token for ${tokens.expires_in} s, refresh token ${tokens.refresh_token ? 'received' : 'none'}`);
    console.log(`post: ${await post(tokens.access_token, 'Hello from the PKCE sample')}`);
    // When the access token expires, the refresh token gets a new one without the player.
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    console.log(`refreshed: access token for ${refreshed.expires_in} s`);
    console.log(`post after refresh: ${await post(refreshed.access_token, 'Still here after a refresh')}`);
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('Signed in: you can close this page.');
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
    response.writeHead(400, { 'Content-Type': 'text/plain' }).end(error.message);
  } finally {
    server.close();
  }
});

// Port 0: the system picks a free one; register `http://127.0.0.1/callback` (any port) for a native client.
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const redirectUri = `http://127.0.0.1:${server.address().port}/callback`;
authorizeUrl.search = new URLSearchParams({
  response_type: 'code',
  client_id: clientId,
  redirect_uri: redirectUri,
  state,
  code_challenge: challenge,
  code_challenge_method: 'S256',
}).toString();
console.log(`Open ${authorizeUrl}`);
