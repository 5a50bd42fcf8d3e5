import { brand } from './brand';
import { apiByKey, mockPort } from './apis';

/** The explorer's "Local mock" for an API: `npm run mock`'s port (config/apis.ts, or the API's MOCK_*_PORT). */
export function mockUrl(key: string): string {
  return `http://127.0.0.1:${mockPort(apiByKey(key))}`;
}

/**
 * The public OAuth2 client `npm run mock`'s local authorization server knows (tools/mock/oauthServer.ts): Try it
 * offers it when the reader signs in against the local mock.
 */
export const demoOAuthClientId = `${brand.slug}-try-it-demo`;
