import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import type { WebhookProgram } from './index';

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
// Event ids already handled. Keep them in your database, for longer than retries last.
const seen = new Set();

export function verify(rawBody, signature, timestamp, now = Date.now() / 1000) {
  if (!/^[0-9]{1,18}$/.test(timestamp ?? '') || Math.abs(now - Number(timestamp)) > toleranceSeconds) return false;
  const mac = createHmac('sha256', secret).update(timestamp + ${quoted(s.separator)}).update(rawBody);
  const expected = Buffer.from(${quoted(s.signaturePrefix)} + mac.digest('hex'));
  const given = Buffer.from(signature ?? '');
  // timingSafeEqual takes as long wherever the two differ, so the answer's timing gives nothing away.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const rawBody = Buffer.concat(chunks);
    const signature = request.headers[${quoted(s.signatureHeader.toLowerCase())}];
    const timestamp = request.headers[${quoted(s.timestampHeader.toLowerCase())}];
    if (request.method !== 'POST' || !verify(rawBody, signature, timestamp)) {
      response.writeHead(401).end();
      return;
    }
    const delivery = JSON.parse(rawBody.toString('utf8'));
    // Acknowledge first; slow work belongs in a queue.
    response.writeHead(204).end();
    if (seen.has(delivery.event_id)) {
      console.log(\`duplicate \${delivery.event_id}: skipped\`);
      return;
    }
    seen.add(delivery.event_id);
    console.log(\`received \${delivery.event} \${delivery.event_id}\`);
  });
}).listen(Number(process.env.PORT || 8080), '127.0.0.1');
`,
  };
}
