import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocumentText } from '../core/openapi/parse';
import { serverOrigin, usableServerUrls } from '../core/openapi/servers';
import type { ApiRecord } from '../../config/apis';
import { mockUrl } from '../../config/mock';

const siteDir = path.resolve(__dirname, '../..');
const known = new Map<string, string[]>();

/**
 * The origins a credential of this API may go to: the record's `hosts`, or else those of the servers its vendored
 * document lists (the document the maintainers reviewed and committed, not whatever a remote URL serves today).
 */
export function apiOrigins(api: ApiRecord): string[] {
  if (api.hosts) return [...api.hosts];
  const cached = known.get(api.id);
  if (cached) return cached;
  const document = parseDocumentText(readFileSync(path.join(siteDir, api.vendored), 'utf8'));
  const origins = [...new Set(usableServerUrls(document.servers).flatMap((url) => serverOrigin(url) ?? []))];
  known.set(api.id, origins);
  return origins;
}

/** The API's origins and the origin of its local mock (`npm run mock`), the other place the explorer may send to. */
export function trustedOrigins(api: ApiRecord): string[] {
  return [...apiOrigins(api), new URL(mockUrl(api.key)).origin];
}

/**
 * The origins Try it's OAuth2 sign-in may open its authorization page on: the record's `signInHosts`, or else the
 * API's own origins. Not the local mock's: a sign-in for the mock happens at the mock (lib/oauth/flow.ts).
 */
export function signInOrigins(api: ApiRecord): string[] {
  return api.signInHosts ? [...api.signInHosts] : apiOrigins(api);
}
