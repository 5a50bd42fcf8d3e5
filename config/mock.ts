import { apiByKey, apis, mockPort } from './apis';

/** Ports of `npm run mock` (config/apis.ts, or each API's MOCK_*_PORT); the explorer's "Local mock" points at them. */
export const mockPorts: Record<string, number> = Object.fromEntries(apis.map((api) => [api.key, mockPort(api)]));

export function mockUrl(key: string): string {
  return `http://127.0.0.1:${mockPort(apiByKey(key))}`;
}
