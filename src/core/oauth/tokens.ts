/**
 * The access tokens Try it signed in for: in this page's memory by default, so a reload forgets them; in this tab's
 * sessionStorage when the reader asks to keep them. Never localStorage, a URL or the console.
 */
import { brand } from '../../../config/brand';

export interface SignedIn {
  accessToken: string;
  refreshToken?: string;
  /** When the access token expires (ms since the epoch); none when the server did not say. */
  expiresAt?: number;
  scope: string;
  /** The API server it was signed in for: it is sent there only (the local mock's tokens are not production's). */
  serverUrl: string;
  /** The client it was issued to, which refreshes it. */
  clientId: string;
  remember: boolean;
}

const memory = new Map<string, SignedIn>();
const listeners = new Set<() => void>();
let version = 0;

/** Changes whenever a token is written: for `useSyncExternalStore`. */
export function tokensVersion(): number {
  return version;
}

function key(api: string, scheme: string): string {
  return `${brand.slug}-explorer:${api}:token:${scheme}`;
}

function session(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function subscribeToTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readToken(api: string, scheme: string): SignedIn | undefined {
  const held = memory.get(key(api, scheme));
  if (held) return held;
  try {
    const stored = session()?.getItem(key(api, scheme));
    if (!stored) return undefined;
    const parsed = JSON.parse(stored) as SignedIn;
    if (typeof parsed.accessToken !== 'string' || typeof parsed.serverUrl !== 'string') return undefined;
    memory.set(key(api, scheme), parsed);
    return parsed;
  } catch {
    return undefined;
  }
}

export function writeToken(api: string, scheme: string, token: SignedIn | undefined): void {
  const name = key(api, scheme);
  if (token) memory.set(name, token);
  else memory.delete(name);
  try {
    if (token?.remember) session()?.setItem(name, JSON.stringify(token));
    else session()?.removeItem(name);
  } catch {
    // Storage disabled: the token lives in memory only.
  }
  version += 1;
  listeners.forEach((listener) => listener());
}

/** The token shown on screen: its last four characters only. */
export function maskedToken(token: string): string {
  return `••••${token.slice(-4)}`;
}
