// Makes the PKCE pair of an OAuth2 authorization-code flow: a random code verifier, kept by your app, and its
// SHA-256 code challenge, sent with the authorization request (RFC 7636, method S256).
import { createHash, randomBytes } from 'node:crypto';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge, method: 'S256' };
}

const pair = pkcePair();
console.log(`code_verifier=${pair.verifier}`);
console.log(`code_challenge=${pair.challenge}`);
console.log(`code_challenge_method=${pair.method}`);
