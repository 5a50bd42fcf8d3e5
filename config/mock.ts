import { apiByKey, mockPort } from './apis';

/** The explorer's "Local mock" for an API: `npm run mock`'s port (config/apis.ts, or the API's MOCK_*_PORT). */
export function mockUrl(key: string): string {
  return `http://127.0.0.1:${mockPort(apiByKey(key))}`;
}
