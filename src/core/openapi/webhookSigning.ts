import { isObject, text, type JsonObject } from './document';
import type { Provenance } from './view';

/**
 * How an API signs its webhook deliveries, read from this portal's root extension `x-webhook-signing`: HMAC-SHA256,
 * keyed with the endpoint's secret, over the timestamp header's value, a separator and the raw body, sent as a
 * prefix and the lowercase hex digest. The verification samples of ten languages, the local sender and the pages
 * are written from it, so each value here ends up in code: every one is checked against a narrow pattern, and a
 * document whose values do not fit gets an error naming the field, never a sample built from them.
 */
export interface WebhookSigning {
  provenance?: Provenance;
  /** `HMAC-SHA256`, the only algorithm the samples implement. */
  algorithm: 'HMAC-SHA256';
  /**
   * Header carrying `<prefix><hex digest>`: `Arena-Signature`. While the endpoint's secret is rotated it carries one
   * signature per secret, comma-separated or in repeated headers (which HTTP reads as one comma-separated value); the
   * delivery is genuine when any of them matches, so a receiver holding either secret accepts it.
   */
  signatureHeader: string;
  /** How many signatures one delivery may carry; a delivery with more is rejected unchecked. */
  maxSignatures: number;
  /** Text before the digest: `sha256=`. */
  signaturePrefix: string;
  /** Header carrying the signing time in seconds since the Unix epoch: `Arena-Timestamp`. */
  timestampHeader: string;
  /** What goes between the timestamp and the raw body in the signed content (`{timestamp}.{body}` → `.`). */
  separator: string;
  /** How far the timestamp may be from the receiver's clock, in seconds, before the delivery is stale. */
  toleranceSeconds: number;
  /** The environment variable the samples read the endpoint's secret from. */
  secretVariable: string;
}

/** An HTTP header name of letters, digits and hyphens: a token every language's string literal holds as is. */
const headerName = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;
const prefix = /^[A-Za-z0-9=:_.-]{0,16}$/;
const signedContent = /^\{timestamp\}([.:|,_-]{0,3})\{body\}$/;
const variable = /^[A-Z][A-Z0-9_]{0,63}$/;

export class WebhookSigningError extends Error {}

/**
 * The document's signing scheme, or `undefined` when it declares none; throws `WebhookSigningError` naming the
 * first field that is missing or outside what the samples can be written for.
 */
export function webhookSigning(document: JsonObject): WebhookSigning | undefined {
  const raw = document['x-webhook-signing'];
  if (raw === undefined) return undefined;
  const fail = (field: string, wanted: string): never => {
    throw new WebhookSigningError(`x-webhook-signing.${field} must be ${wanted}`);
  };
  if (!isObject(raw)) return fail('', 'an object');
  if (raw.algorithm !== 'HMAC-SHA256') fail('algorithm', '"HMAC-SHA256" (the only algorithm the samples implement)');
  const field = (name: string, pattern: RegExp, wanted: string): string => {
    const value = raw[name];
    if (typeof value !== 'string' || !pattern.test(value)) fail(name, wanted);
    return value as string;
  };
  const content = signedContent.exec(field('signedContent', signedContent, '"{timestamp}<separator>{body}"'));
  const tolerance = raw.toleranceSeconds;
  if (typeof tolerance !== 'number' || !Number.isInteger(tolerance) || tolerance < 1 || tolerance > 86_400) {
    fail('toleranceSeconds', 'a whole number of seconds from 1 to 86400');
  }
  const most = raw.maxSignatures;
  if (typeof most !== 'number' || !Number.isInteger(most) || most < 1 || most > 16) {
    fail('maxSignatures', 'a whole number from 1 to 16');
  }
  const provenance = text(raw.provenance);
  return {
    ...(provenance === 'documented' || provenance === 'modelled' ? { provenance } : {}),
    algorithm: 'HMAC-SHA256',
    signatureHeader: field('signatureHeader', headerName, 'a header name of letters, digits and hyphens'),
    maxSignatures: most as number,
    signaturePrefix: field('signaturePrefix', prefix, 'up to 16 letters, digits or =:_.-'),
    timestampHeader: field('timestampHeader', headerName, 'a header name of letters, digits and hyphens'),
    separator: content?.[1] ?? '',
    toleranceSeconds: tolerance as number,
    secretVariable: field('secretVariable', variable, 'an environment variable name in capitals'),
  };
}
