import { createHmac, randomUUID } from 'node:crypto';
import type { JsonObject } from '../../src/core/openapi/document';
import type { WebhookView } from '../../src/core/openapi/view';
import type { WebhookSigning } from '../../src/core/openapi/webhookSigning';
import { readCapped } from '../../src/build/node/readCapped';

/**
 * Signed webhook deliveries, as the platform sends them by the document's scheme (`x-webhook-signing`): what
 * `npm run webhooks:send` posts to an integrator's endpoint, and what the tests post to the ten handler samples.
 */

/** The headers of a delivery of `body` signed with `secret` at `timestamp` (seconds since the Unix epoch). */
export function signedHeaders(
  signing: WebhookSigning,
  secret: string,
  body: string,
  timestamp: number,
): Record<string, string> {
  const stamp = String(Math.floor(timestamp));
  const digest = createHmac('sha256', secret).update(`${stamp}${signing.separator}`).update(body).digest('hex');
  return {
    'content-type': 'application/json',
    [signing.signatureHeader]: `${signing.signaturePrefix}${digest}`,
    [signing.timestampHeader]: stamp,
  };
}

/**
 * A delivery of the event: the document's example of its body, with the ids a real delivery would have fresh
 * (`event_id`, `transaction_id`, where the example has them as strings) and `timestamp` now. A body without an
 * example is refused: a made-up body would not be the event's.
 */
export function exampleDelivery(webhook: WebhookView, now = new Date()): JsonObject {
  const example = webhook.operation.requestBody?.contents[0]?.example;
  if (example === null || typeof example !== 'object' || Array.isArray(example)) {
    throw new Error(`the document gives no example body for ${webhook.name}`);
  }
  const delivery: JsonObject = structuredClone(example);
  for (const id of ['event_id', 'transaction_id']) if (typeof delivery[id] === 'string') delivery[id] = randomUUID();
  if (typeof delivery.timestamp === 'string') delivery.timestamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (typeof delivery.retry_count === 'number') delivery.retry_count = 0;
  return delivery;
}

/** What an endpoint answered to one attempt, or why there was no answer. */
export interface Attempt {
  attempt: number;
  retryCount: number;
  status?: number;
  statusText?: string;
  body?: string;
  error?: string;
  milliseconds: number;
}

export interface SendOptions {
  url: string;
  signing: WebhookSigning;
  secret: string;
  delivery: JsonObject;
  /** Further attempts after a failure (no answer, or not 2xx), as the platform retries. */
  retries?: number;
  /** Wait before the first retry, doubled for each next one. */
  backoffMs?: number;
  /** Deliveries of the same event sent again after the first succeeds, to test that the endpoint skips them. */
  repeat?: number;
  timeoutMs?: number;
  /** Each attempt as it ends, for a live log. */
  onAttempt?: (attempt: Attempt) => void;
  /** The signing time of an attempt, in seconds since the Unix epoch; by default now. */
  clock?: () => number;
}

/** Most of an answer a log shows: enough to read an error, not a page of HTML. */
const answerLimit = 2_000;

/**
 * Posts the delivery, retrying a failure with a growing wait and signing each attempt afresh, then sends it again
 * `repeat` times (the same `event_id`, `retry_count` counting up, as a retry the endpoint already acknowledged
 * arrives). Returns every attempt; `ok` is whether the endpoint acknowledged each delivery.
 */
export async function sendDelivery(options: SendOptions): Promise<{ ok: boolean; attempts: Attempt[] }> {
  const { retries = 3, backoffMs = 1_000, repeat = 0, timeoutMs = 10_000 } = options;
  const clock = options.clock ?? (() => Date.now() / 1000);
  const attempts: Attempt[] = [];
  let retryCount = 0;
  let ok = true;
  for (let round = 0; round <= repeat; round += 1) {
    let acknowledged = false;
    for (let tries = 0; tries <= retries && !acknowledged; tries += 1) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (tries - 1)));
      const delivery = { ...options.delivery };
      if (typeof delivery.retry_count === 'number') delivery.retry_count = retryCount;
      const body = JSON.stringify(delivery);
      const started = performance.now();
      const attempt: Attempt = { attempt: attempts.length + 1, retryCount, milliseconds: 0 };
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: signedHeaders(options.signing, options.secret, body, clock()),
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        attempt.status = response.status;
        attempt.statusText = response.statusText;
        // Only the start of the answer is shown, and only that much is read: an endless answer costs nothing.
        attempt.body = new TextDecoder()
          .decode((await readCapped(response, answerLimit * 4)).bytes)
          .slice(0, answerLimit);
        acknowledged = response.status >= 200 && response.status < 300;
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        attempt.error =
          (error as Error).name === 'TimeoutError'
            ? `no answer within ${timeoutMs / 1000} s`
            : (cause?.code ?? cause?.message ?? (error as Error).message);
      }
      attempt.milliseconds = Math.round(performance.now() - started);
      attempts.push(attempt);
      options.onAttempt?.(attempt);
      retryCount += 1;
    }
    if (!acknowledged) {
      ok = false;
      break;
    }
  }
  return { ok, attempts };
}
