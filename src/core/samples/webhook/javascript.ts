import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import { handlerLimits, type WebhookProgram } from './index';

export function javascript(s: WebhookSigning): WebhookProgram {
  const file = 'webhook-handler.js';
  return {
    file,
    run: `${file} as the module of a Fetch API runtime (Cloudflare Workers, Deno, Bun), with ${s.secretVariable} in its environment`,
    label: 'JavaScript (Fetch API)',
    code: `// A webhook endpoint for runtimes with the Fetch API and Web Crypto (Cloudflare Workers, Deno, Bun):
// checks each delivery's signature and age, then acknowledges it. The runtime parses HTTP and times out a
// request that is never finished; the size of a body is yours to cap.
const toleranceSeconds = ${s.toleranceSeconds};
const prefix = ${quoted(s.signaturePrefix)};
// While a secret is rotated, a delivery carries a signature for each: any one matching will do.
const maxSignatures = ${s.maxSignatures};
const maxBodyBytes = ${handlerLimits.maxBodyBytes};
const encoder = new TextEncoder();

export async function verify(rawBody, signatures, timestamp, secret, now = Date.now() / 1000) {
  if (!/^[0-9]{1,18}$/.test(timestamp ?? '') || Math.abs(now - Number(timestamp)) > toleranceSeconds) return false;
  // Headers.get joins a repeated header's values with ", ": one list either way.
  const given = (signatures ?? '').split(',').map((signature) => signature.trim());
  if (given.length > maxSignatures) return false;
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const head = encoder.encode(timestamp + ${quoted(s.separator)});
  const signed = new Uint8Array(head.length + rawBody.byteLength);
  signed.set(head);
  signed.set(new Uint8Array(rawBody), head.length);
  for (const signature of given) {
    const hex = signature.slice(prefix.length);
    if (!signature.startsWith(prefix) || !/^[0-9a-f]{64}$/.test(hex)) continue;
    const digest = Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, digest, signed)) return true;
  }
  return false;
}

export default {
  async fetch(request, env) {
    const secret = env.${s.secretVariable};
    if (!secret) throw new Error(${quoted(`Set ${s.secretVariable}`)});
    if (Number(request.headers.get('content-length')) > maxBodyBytes) return new Response(null, { status: 413 });
    const rawBody = await request.arrayBuffer();
    const signatures = request.headers.get(${quoted(s.signatureHeader)});
    const timestamp = request.headers.get(${quoted(s.timestampHeader)});
    if (request.method !== 'POST' || !(await verify(rawBody, signatures, timestamp, secret))) {
      return new Response(null, { status: 401 });
    }
    let delivery;
    try {
      delivery = JSON.parse(new TextDecoder().decode(rawBody));
    } catch {
      // Not JSON: answered below.
    }
    if (typeof delivery?.event_id !== 'string' || typeof delivery.event !== 'string') {
      return new Response(null, { status: 400 });
    }
    // Skip event ids you already handled: keep them in your store (a KV namespace, a database).
    console.log(\`received \${delivery.event} \${delivery.event_id}\`);
    return new Response(null, { status: 204 });
  },
};
`,
  };
}
