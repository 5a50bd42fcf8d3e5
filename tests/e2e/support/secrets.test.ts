import { describe, expect, test } from 'vitest';
import { findSecrets } from './secrets';

describe('findSecrets', () => {
  test.each([
    ['-----BEGIN RSA PRIVATE KEY-----', 'private key'],
    ['key=AKIAABCDEFGHIJKLMNOP', 'AWS access key'],
    [`token ghp_${'a'.repeat(36)}`, 'GitHub token'],
    [`Authorization: Bearer ${'x'.repeat(40)}`, 'bearer credential'],
  ])('finds %j', (text, name) => {
    expect(findSecrets(text)).toEqual([name]);
  });

  test.each(['Authorization: Bearer <api key>', 'Bearer <access token>', 'the word bearer', 'AKIA is a prefix'])(
    'leaves the placeholder %j alone',
    (text) => {
      expect(findSecrets(text)).toEqual([]);
    },
  );
});
