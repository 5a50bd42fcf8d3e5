import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sendDelivery } from './webhookSender';
import type { WebhookSigning } from '../../src/core/openapi/webhookSigning';

/** The sender against endpoints that answer as a hostile or broken one would. */

const signing: WebhookSigning = {
  algorithm: 'HMAC-SHA256',
  signatureHeader: 'Test-Signature',
  signaturePrefix: 'sha256=',
  timestampHeader: 'Test-Timestamp',
  separator: '.',
  toleranceSeconds: 300,
  maxSignatures: 8,
  secretVariable: 'TEST_SECRET',
};
let closed = 0;
const endpoint = createServer((request, response) => {
  request.resume();
  if (request.url === '/redirect') {
    response.writeHead(307, { Location: '/elsewhere' }).end();
    return;
  }
  // An endless answer: the sender must not read it all.
  response.writeHead(200);
  response.on('close', () => (closed += 1));
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const write = () => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', write);
  };
  write();
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
});
afterAll(async () => {
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
});

test('an endless answer is read only as far as it is shown, and the connection is dropped', async () => {
  const started = Date.now();
  const result = await sendDelivery({
    url: `${url}/endless`,
    signing,
    secret: 's',
    delivery: { event_id: 'e1' },
    retries: 0,
    timeoutMs: 20_000,
  });
  expect(result.ok).toBe(true);
  expect(result.attempts[0].body).toBe('a'.repeat(2_000));
  expect(Date.now() - started).toBeLessThan(10_000);
  await expect.poll(() => closed, { timeout: 5_000 }).toBe(1);
});

test('a redirect is not followed: the delivery counts as not acknowledged', async () => {
  const result = await sendDelivery({
    url: `${url}/redirect`,
    signing,
    secret: 's',
    delivery: { event_id: 'e2' },
    retries: 0,
  });
  expect(result.ok).toBe(false);
  expect(result.attempts.map((attempt) => attempt.status)).toEqual([307]);
});
