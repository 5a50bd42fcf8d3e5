import { describe, expect, test } from 'vitest';
import { credentialProblem, securedOperations } from './credentialGate';

describe('credentialProblem', () => {
  test.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Bearer  ',
    'Bearer undefined',
    'Bearer null',
    'Bearer None',
    'Bearer $ARENA_API_KEY',
    'Bearer ${ARENA_API_KEY}',
    'Basic abc',
    'abc',
  ])('rejects %j', (header) => {
    expect(credentialProblem(header)).toMatch(/Authorization|credential/);
  });

  test.each(['Bearer test-key', 'bearer 3f1c-77aa', 'Bearer eyJhbGciOi.J9.x'])('accepts %j', (header) => {
    expect(credentialProblem(header)).toBeUndefined();
  });
});

describe('securedOperations', () => {
  const document = {
    security: [{ ApiKey: [] }],
    paths: {
      '/players/{player_id}': { get: {} },
      '/status': { get: { security: [] } },
      '/rooms/{room_id}/messages': { post: { security: [{ OAuth2: [] }] } },
    },
  };
  const secured = securedOperations(document);

  test('follows the operation, then the document', () => {
    expect(secured('GET', '/players/abc')).toBe(true);
    expect(secured('GET', '/status')).toBe(false);
    expect(secured('POST', '/rooms/r1/messages')).toBe(true);
  });

  test('matches one path segment per template variable, and only the method declared', () => {
    expect(secured('GET', '/players/a/b')).toBe(false);
    expect(secured('DELETE', '/players/abc')).toBe(false);
    expect(secured('OPTIONS', '/players/abc')).toBe(false);
  });
});
