/** Documented ports of `npm run mock`; the explorer's "Local mock" server points at them. */
export const mockPorts = { data: 4010, chat: 4011 } as const;

export function mockUrl(api: keyof typeof mockPorts): string {
  return `http://127.0.0.1:${mockPorts[api]}`;
}
