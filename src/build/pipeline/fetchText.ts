/**
 * GET of a remote document, treated as hostile input: bounded in time, size and redirects, http(s) only.
 * Every failure becomes a `FetchFailure` whose message is the reason a person reads in the build log.
 */

import { positiveIntegerFrom } from '../../core/env';

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
  return decodeDocument(Buffer.concat(chunks));
}

/**
 * A document's bytes as text: UTF-8 (a byte-order mark dropped), as JSON requires and YAML documents are in
 * practice. Another encoding is refused by name rather than read as garbage: UTF-16 and UTF-32 by their byte-order
 * marks or, without one, by the zero bytes an ASCII text has in those encodings; anything else by the first byte
 * that is not UTF-8.
 */
export function decodeDocument(bytes: Uint8Array): string {
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  const named =
    starts(0x00, 0x00, 0xfe, 0xff) || starts(0xff, 0xfe, 0x00, 0x00)
      ? 'UTF-32'
      : starts(0xfe, 0xff)
        ? 'UTF-16 (big-endian)'
        : starts(0xff, 0xfe)
          ? 'UTF-16 (little-endian)'
          : bytes.length >= 2 && bytes[0] === 0 && bytes[1] !== 0
            ? 'UTF-16 (big-endian, no byte-order mark)'
            : bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0
              ? 'UTF-16 (little-endian, no byte-order mark)'
              : undefined;
  if (named) throw new FetchFailure(`the document is encoded as ${named}; the portal reads UTF-8: save it as UTF-8`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new FetchFailure(`the document is not UTF-8 text (an invalid byte near byte ${at}); save it as UTF-8`);
  }
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  // Bisects for the shortest prefix that does not decode: the decoder reports no position of its own.
  let good = 0;
  let bad = bytes.length;
  const decodes = (length: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length));
      return true;
    } catch {
      return false;
    }
  };
  while (bad - good > 4) {
    const middle = Math.floor((good + bad) / 2);
    if (decodes(middle)) good = middle;
    else bad = middle;
  }
  return good;
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
