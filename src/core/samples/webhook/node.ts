import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import { handlerLimits, type WebhookProgram } from './index';

export function node(s: WebhookSigning): WebhookProgram {
  const file = 'webhook-handler.mjs';
  return {
    file,
    run: `${s.secretVariable}=… PORT=8080 node ${file}`,
    code: `// Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.${s.secretVariable};
if (!secret) throw new Error(${quoted(`Set ${s.secretVariable}`)});
const toleranceSeconds = ${s.toleranceSeconds};
// While a secret is rotated, a delivery carries a signature for each: any one matching will do.
const maxSignatures = ${s.maxSignatures};
const maxBodyBytes = ${handlerLimits.maxBodyBytes};
// Event ids already handled. Keep them in your database, for longer than retries last.
const seen = new Set();

export function verify(rawBody, signatures, timestamp, now = Date.now() / 1000) {
  if (!/^[0-9]{1,18}$/.test(timestamp ?? '') || Math.abs(now - Number(timestamp)) > toleranceSeconds) return false;
  // Node joins a repeated header's values with ", ": one list either way.
  const given = (signatures ?? '').split(',').map((signature) => Buffer.from(signature.trim()));
  if (given.length > maxSignatures) return false;
  const mac = createHmac('sha256', secret).update(timestamp + ${quoted(s.separator)}).update(rawBody);
  const expected = Buffer.from(${quoted(s.signaturePrefix)} + mac.digest('hex'));
  // timingSafeEqual takes as long wherever the two differ, so the answer's timing gives nothing away.
  return given.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
}

const options = {
  // A sender that has not sent its whole request in ${handlerLimits.readTimeoutSeconds} s gets 408 and is cut off (checked every second).
  requestTimeout: ${handlerLimits.readTimeoutSeconds * 1000},
  connectionsCheckingInterval: 1000,
};
createServer(options, async (request, response) => {
  const answer = (status) => response.writeHead(status).end();
  // Node refuses a malformed Content-Length itself; refuse a large body before reading it.
  if (Number(request.headers['content-length']) > maxBodyBytes) return answer(413);
  const chunks = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      size += chunk.length;
      if (size > maxBodyBytes) return answer(413);
      chunks.push(chunk);
    }
  } catch {
    return; // The sender went away before the whole body came.
  }
  const rawBody = Buffer.concat(chunks);
  const signatures = request.headers[${quoted(s.signatureHeader.toLowerCase())}];
  const timestamp = request.headers[${quoted(s.timestampHeader.toLowerCase())}];
  if (request.method !== 'POST' || !verify(rawBody, signatures, timestamp)) return answer(401);
  let delivery;
  try {
    delivery = JSON.parse(rawBody.toString('utf8'));
  } catch {
    // Not JSON: answered below.
  }
  if (typeof delivery?.event_id !== 'string' || typeof delivery.event !== 'string') return answer(400);
  // Acknowledge first; slow work belongs in a queue.
  answer(204);
  if (seen.has(delivery.event_id)) {
    console.log(\`duplicate \${delivery.event_id}: skipped\`);
    return;
  }
  seen.add(delivery.event_id);
  console.log(\`received \${delivery.event} \${delivery.event_id}\`);
}).listen(Number(process.env.PORT || 8080), '127.0.0.1');
`,
  };
}
