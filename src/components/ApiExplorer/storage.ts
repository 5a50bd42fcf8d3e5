import { brand } from '../../../config/brand';

/**
 * Where the explorer keeps a credential: sessionStorage only, so it is gone when the tab closes and never shared
 * with other tabs or written to disk for good. One key per API, since each has its own kind of credential; a call
 * that combines schemes (an API key and a token together) keeps each scheme after the first under its own name.
 */
export function credentialKey(api: string, scheme?: string): string {
  return `${brand.slug}-explorer:${api}:credential${scheme === undefined ? '' : `:${scheme}`}`;
}

export function readCredential(storage: Pick<Storage, 'getItem'> | undefined, api: string, scheme?: string): string {
  try {
    return storage?.getItem(credentialKey(api, scheme)) ?? '';
  } catch {
    // Storage can be disabled by the browser; the explorer then simply starts empty.
    return '';
  }
}

const listeners = new Set<() => void>();

/** For `useSyncExternalStore`: every explorer on the page sees a credential as soon as one of them writes it. */
export function subscribeToCredentials(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function writeCredential(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  api: string,
  value: string,
  scheme?: string,
): void {
  try {
    if (value === '') storage?.removeItem(credentialKey(api, scheme));
    else storage?.setItem(credentialKey(api, scheme), value);
  } catch {
    // Nothing is kept when storage is unavailable.
  }
  listeners.forEach((listener) => listener());
}
