import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, expect, test } from 'vitest';
import { readVendoredDocument } from '../../tests/fixtures/vendored';
import { apiByKey } from '../../config/apis';
import { webhookSigning } from '../../src/core/openapi/webhookSigning';
import { signedHeaders } from './webhookSender';
import { freePort } from '../lib/process';

/**
 * `npm run webhooks:send` as an integrator runs it, against endpoints that record what they received: the delivery
 * is the event's example signed by the document's scheme, a failure is retried with the same event id, `--repeat`
 * sends the acknowledged event again, and a wrong call is a usage error. (That the ten handler samples accept what
 * it signs is tested with them: src/core/samples/webhook.)
 */

const execute = promisify(execFile);
const document = readVendoredDocument('data');
const signing = webhookSigning(document)!;
const secret = 'local-test-secret';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** An endpoint answering each delivery with the next status of `statuses` (the last one repeated). */
async function endpoint(statuses: number[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)];
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'nope \u001b[31mred' : '');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

async function send(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await execute(
      process.execPath,
      ['--import', 'tsx', 'tools/webhooks-send/main.ts', '--document', apiByKey('data').vendored, ...args],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, output: failure.stdout + failure.stderr };
  }
}

test('posts the event signed by the document scheme, then the same event id again on --repeat', async () => {
  const { url, received } = await endpoint([204]);
  const { code, output } = await send(['--event', 'hub_user_added', '--to', url, '--repeat', '1'], {
    [signing.secretVariable]: secret,
  });
  expect(code, output).toBe(0);
  expect(received).toHaveLength(2);
  const [first, second] = received.map((delivery) => JSON.parse(delivery.body) as Record<string, unknown>);
  expect(first.event).toBe('hub_user_added');
  expect(second.event_id).toBe(first.event_id);
  expect([first.retry_count, second.retry_count]).toEqual([0, 1]);
  // Each delivery verifies: the signature is over its timestamp header and its raw body, with the secret.
  for (const delivery of received) {
    const timestamp = String(delivery.headers[signing.timestampHeader.toLowerCase()]);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = signedHeaders(signing, secret, delivery.body, Number(timestamp));
    expect(delivery.headers[signing.signatureHeader.toLowerCase()]).toBe(expected[signing.signatureHeader]);
  }
  expect(output).toContain(`hub_user_added (event_id ${String(first.event_id)})`);
  expect(output).toMatch(/attempt 2 \(repeat 1 of 1, retry_count 1\): 204 No Content/);
});

test('retries a failed delivery with the same event id, and prints what the endpoint answered, escaped', async () => {
  const { url, received } = await endpoint([500, 503, 204]);
  const { code, output } = await send([
    '--event',
    'match_object_created',
    '--to',
    url,
    '--secret',
    secret,
    '--wait',
    '10',
  ]);
  expect(code, output).toBe(0);
  expect(received).toHaveLength(3);
  const ids = received.map((delivery) => (JSON.parse(delivery.body) as { event_id: string }).event_id);
  expect(new Set(ids).size).toBe(1);
  expect(output).toContain('500 Internal Server Error');
  expect(output).toContain('first delivery, retry 2');
  expect(output).toContain('nope \\u{1b}[31mred');
  expect(output).not.toContain('\u001b');
});

test('gives up after the retries, saying the platform would drop the delivery', async () => {
  const port = await freePort();
  const { code, output } = await send([
    '--event',
    'hub_created',
    '--to',
    `http://127.0.0.1:${port}/`,
    '--secret',
    secret,
    '--retries',
    '1',
    '--wait',
    '10',
  ]);
  expect(code).toBe(1);
  expect(output).toContain('no answer: ECONNREFUSED');
  expect(output).toContain('not acknowledged after 2 attempts');
});

test.each([
  [
    ['--event', 'hub_exploded', '--to', 'http://127.0.0.1:9/', '--secret', 's'],
    'no event "hub_exploded"; the Data API\'s events: hub_created',
  ],
  [['--event', 'hub_created', '--to', 'file:///etc/passwd', '--secret', 's'], '--to takes your endpoint'],
  [['--event', 'hub_created', '--to', 'http://127.0.0.1:9/'], `pass --secret or set ${signing.secretVariable}`],
  [
    ['--event', 'hub_created', '--to', 'http://127.0.0.1:9/', '--secret', 's', '--repeat', 'many'],
    '--repeat takes a whole number',
  ],
  [['--bogus'], "Unknown option '--bogus'"],
])('a wrong call %j is a usage error that says what to do', async (args, message) => {
  const { code, output } = await send(args);
  expect(code).toBe(2);
  expect(output).toContain(message);
  expect(output).not.toMatch(/\n\s+at /);
});
