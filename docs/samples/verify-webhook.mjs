// Verifies a webhook delivery's signature before trusting its body. ILLUSTRATIVE: the header name and the
// HMAC-SHA256 scheme are an example of the common pattern, not a documented contract (see the page).
// Usage: WEBHOOK_SECRET=... node verify-webhook.mjs '<raw body>' <signature header value>
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifySignature(rawBody, header, secret) {
  const expected = `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(expected);
  // A constant-time comparison, so the check leaks nothing about the expected value.
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const [rawBody = '', header = ''] = process.argv.slice(2);
const secret = process.env.WEBHOOK_SECRET;
if (!secret) throw new Error('Set WEBHOOK_SECRET.');
console.log(verifySignature(rawBody, header, secret) ? 'valid' : 'invalid');
