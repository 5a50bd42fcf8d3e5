/**
 * GET of a remote document, treated as hostile input: bounded in time, size and redirects, http(s) only.
 * Every failure becomes a `FetchFailure` whose message is the reason a person reads in the build log.
 */

import { positiveIntegerFrom } from '../../../lib/env';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const defaultFetchLimits: FetchLimits = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

/**
 * The limits of a remote document's download, `SPEC_MAX_BYTES` replacing the size cap (a provider's document may be
 * larger than ours: GitHub's is about 13 MB). Anything but a whole number of bytes above 0 is refused by name.
 */
export function fetchLimitsFrom(env: Record<string, string | undefined>): FetchLimits {
  return {
    ...defaultFetchLimits,
    maxBytes: positiveIntegerFrom(env, 'SPEC_MAX_BYTES', defaultFetchLimits.maxBytes, 'bytes'),
  };
}

export interface FetchedText {
  text: string;
  contentType: string;
  finalUrl: string;
}

export class FetchFailure extends Error {
  override name = 'FetchFailure';
}

const networkReasons: Record<string, string> = {
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'host name could not be resolved (DNS)',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
};

/** Turns what fetch threw into a short reason: undici hides the system error in `cause`. */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code;
  if (code && networkReasons[code]) return `${networkReasons[code]} (${code})`;
  if (code) return `network error (${code})`;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchFailure(`not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchFailure(`only http and https URLs are supported, not ${url.protocol}`);
  }
  return url;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new FetchFailure(`the document is larger than the ${maxBytes}-byte limit (${declared} bytes declared)`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new FetchFailure(`the document is larger than the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

export async function fetchText(
  rawUrl: string,
  limits: FetchLimits = defaultFetchLimits,
  fetchImpl: typeof fetch = fetch,
): Promise<FetchedText> {
  let url = parseUrl(rawUrl);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const visited = new Set<string>([url.href]);
  try {
    for (let redirects = 0; ; redirects += 1) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'GET',
          redirect: 'manual',
          signal: controller.signal,
          headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' },
        });
      } catch (error) {
        if (controller.signal.aborted) throw new FetchFailure(`no complete answer within ${limits.timeoutMs} ms`);
        throw new FetchFailure(describeNetworkError(error));
      }
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel();
        const next = parseUrl(new URL(response.headers.get('location') ?? '', url).href);
        if (visited.has(next.href)) throw new FetchFailure(`redirect loop at ${next.href}`);
        if (redirects + 1 > limits.maxRedirects) {
          throw new FetchFailure(`more than ${limits.maxRedirects} redirects`);
        }
        visited.add(next.href);
        url = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FetchFailure(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
      }
      try {
        const text = await readCapped(response, limits.maxBytes);
        return { text, contentType: response.headers.get('content-type') ?? '', finalUrl: url.href };
      } catch (error) {
        if (error instanceof FetchFailure) throw error;
        if (controller.signal.aborted) throw new FetchFailure(`no complete answer within ${limits.timeoutMs} ms`);
        throw new FetchFailure(describeNetworkError(error));
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
