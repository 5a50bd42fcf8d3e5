import { expect, test } from 'vitest';
import { credentialKey, readCredential, writeCredential } from './storage';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

test('a credential is kept per API and removed when emptied', () => {
  const storage = memoryStorage();
  writeCredential(storage, 'data-v4', 'key-1');
  writeCredential(storage, 'chat-v1', 'token-1');
  expect(readCredential(storage, 'data-v4')).toBe('key-1');
  expect(readCredential(storage, 'chat-v1')).toBe('token-1');
  writeCredential(storage, 'data-v4', '');
  expect(storage.items.has(credentialKey('data-v4'))).toBe(false);
});

test('unavailable storage reads as empty and does not throw', () => {
  const broken = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => undefined,
  };
  expect(readCredential(broken, 'data-v4')).toBe('');
  expect(() => writeCredential(broken, 'data-v4', 'x')).not.toThrow();
  expect(readCredential(undefined, 'data-v4')).toBe('');
});
