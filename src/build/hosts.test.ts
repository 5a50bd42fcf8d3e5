import { describe, expect, it } from 'vitest';
import { apiByKey, apis, type ApiRecord } from '../../config/apis';
import { signInOrigins } from './hosts';

const chat = apiByKey('chat');

describe('signInOrigins', () => {
  it.each([
    [
      "the API's own hosts when the record names none (its vendored document's servers)",
      chat,
      ['https://open.arena.example'],
    ],
    [
      "the record's hosts when it names them",
      { ...chat, hosts: ['https://api.provider.example'] },
      ['https://api.provider.example'],
    ],
    [
      "the record's sign-in hosts when it names them",
      { ...chat, signInHosts: ['https://accounts.provider.example'] },
      ['https://accounts.provider.example'],
    ],
  ] as [string, ApiRecord, string[]][])('are %s', (_what, api, expected) => {
    expect(signInOrigins(api)).toEqual(expected);
  });

  it('leave out the local mock: a sign-in for the mock happens at the mock, whatever the document names', () => {
    for (const api of apis) {
      expect(signInOrigins(api)).not.toContainEqual(expect.stringMatching(/127\.0\.0\.1|localhost/));
    }
  });

  it('are origins, https://host[:port], wherever a record names them', () => {
    for (const api of apis) {
      for (const origin of api.signInHosts ?? []) expect(new URL(origin).origin).toBe(origin);
    }
  });
});
