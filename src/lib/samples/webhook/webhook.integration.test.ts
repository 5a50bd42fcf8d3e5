import { execFile, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { freePort } from '../../../../scripts/lib/process';
import { spawnGroup, type GroupProcess } from '../../../../scripts/lib/processGroup';
import { exampleDelivery, sendDelivery, signedHeaders } from '../../../../scripts/lib/webhookSender';
import { readVendoredDocument } from '../../../../tests/fixtures/vendored';
import { webhookViews } from '../../openapi/view';
import { webhookSigning } from '../../openapi/webhookSigning';
import type { SampleLanguage } from '../languages';
import { cgiVariable, webhookSamples, type WebhookSample } from './index';

/**
 * Every language's webhook handler, run as its page says to run it (a server on a port, a CGI program, a Fetch API
 * handler), given the deliveries the platform sends by the Data API document's scheme: a valid one (acknowledged,
 * and handled once: sent again, a server skips it), one whose body changed after signing, one signed long ago, and
 * one signed with another secret. Only the valid one is accepted. The valid deliveries are posted by the local
 * sender (`npm run webhooks:send`'s library), so the sender and the handlers agree on the scheme.
 *
 * Alone: `npx vitest run --project integration src/lib/samples/webhook` (needs the toolchains the request samples
 * need, and `ruby-webrick`).
 */

const execute = promisify(execFile);
const workDir = path.resolve('test-results/webhook-samples');
const document = readVendoredDocument('data');
const signing = webhookSigning(document);
if (!signing) throw new Error('the Data API document declares no x-webhook-signing');
const webhook = webhookViews(document, 'data-v4').find((view) => view.name === 'match_status_cancelled');
if (!webhook) throw new Error('the Data API document has no match_status_cancelled webhook');
const secret = `whsec-${Math.random().toString(36).slice(2)} with spaces`;
const samples = new Map(webhookSamples(signing).map((sample) => [sample.language, sample]));

interface Answer {
  status: number;
  /** What the handler printed while answering (stdout and stderr). */
  output: string;
}

interface Delivery {
  body: string;
  headers: Record<string, string>;
}

const now = () => Math.floor(Date.now() / 1000);

/** The four deliveries: only the first is genuine. */
function deliveries(): { valid: Delivery; tampered: Delivery; stale: Delivery; foreign: Delivery } {
  const body = JSON.stringify(exampleDelivery(webhook!));
  const tamperedBody = body.replace('"CANCELLED"', '"FINISHED"');
  expect(tamperedBody).not.toBe(body);
  return {
    valid: { body, headers: signedHeaders(signing!, secret, body, now()) },
    tampered: { body: tamperedBody, headers: signedHeaders(signing!, secret, body, now()) },
    stale: { body, headers: signedHeaders(signing!, secret, body, now() - signing!.toleranceSeconds - 60) },
    foreign: { body, headers: signedHeaders(signing!, `${secret}-other`, body, now()) },
  };
}

function sampleFile(sample: WebhookSample): string {
  const dir = path.join(workDir, sample.language);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, sample.file);
  writeFileSync(file, sample.code);
  return file;
}

function toolEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GOCACHE: path.join(workDir, 'go-cache'),
    GOPATH: path.join(workDir, 'go-path'),
    GOFLAGS: '-mod=mod',
    ...extra,
  };
}

async function listening(port: number, server: GroupProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the handler exited (${server.child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`the handler did not listen on ${port}: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A handler that is a server: started with the program the language needs, on a free port. */
interface Server {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}
const started: Server[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

async function startServer(command: string, args: (port: number) => string[], cwd: string): Promise<Server> {
  const port = await freePort();
  const server = spawnGroup(command, args(port), {
    cwd,
    env: toolEnv({ [signing!.secretVariable]: secret, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const handle: Server = { url: `http://127.0.0.1:${port}/webhooks`, output: () => output, stop: () => server.stop() };
  started.push(handle);
  await listening(port, server, () => output);
  return handle;
}

async function post(server: Server, delivery: Delivery): Promise<Answer> {
  const before = server.output().length;
  const response = await fetch(server.url, { method: 'POST', headers: delivery.headers, body: delivery.body });
  await response.arrayBuffer();
  // What the handler prints after answering can lag the answer by a moment.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { status: response.status, output: server.output().slice(before) };
}

/** A CGI handler: one run per delivery, the request in the environment and on stdin, the status in its output. */
async function cgi(command: string, file: string, delivery: Delivery): Promise<Answer> {
  const header = (name: string) => delivery.headers[name] ?? '';
  const child = spawn(command, [file], {
    env: toolEnv({
      [signing!.secretVariable]: secret,
      REQUEST_METHOD: 'POST',
      CONTENT_TYPE: 'application/json',
      CONTENT_LENGTH: String(Buffer.byteLength(delivery.body)),
      [cgiVariable(signing!.signatureHeader)]: header(signing!.signatureHeader),
      [cgiVariable(signing!.timestampHeader)]: header(signing!.timestampHeader),
      GATEWAY_INTERFACE: 'CGI/1.1',
    }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(delivery.body);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const status = /^Status: (\d{3})/m.exec(stdout);
  if (code !== 0 || !status) throw new Error(`the CGI program failed (${code}): ${stdout}${stderr}`);
  return { status: Number(status[1]), output: stderr };
}

type Deliver = (delivery: Delivery) => Promise<Answer>;

/** A handler that is a server, started from its saved file by `command` with `args` (after a build step, if any). */
function served(
  command: (dir: string) => string,
  args: (file: string, port: number) => string[],
  build?: (dir: string, sample: WebhookSample) => Promise<unknown>,
): (sample: WebhookSample) => Promise<{ deliver: Deliver; server: Server }> {
  return async (sample) => {
    const file = sampleFile(sample);
    const dir = path.dirname(file);
    await build?.(dir, sample);
    const server = await startServer(command(dir), (port) => args(file, port), dir);
    return { deliver: (delivery) => post(server, delivery), server };
  };
}

/** Starts each language's handler and returns how to deliver to it; `server` when it is one (and remembers ids). */
const handlers: Record<SampleLanguage, (sample: WebhookSample) => Promise<{ deliver: Deliver; server?: Server }>> = {
  node: served(
    () => process.execPath,
    (file) => [file],
  ),
  python: served(
    () => 'python3',
    (file) => [file],
  ),
  go: served(
    (dir) => path.join(dir, 'handler'),
    () => [],
    async (dir) => {
      writeFileSync(path.join(dir, 'go.mod'), 'module handler\n\ngo 1.19\n');
      await execute('go', ['build', '-o', 'handler', '.'], { cwd: dir, env: toolEnv() });
    },
  ),
  csharp: served(
    () => 'mono',
    () => ['handler.exe'],
    (dir, sample) => execute('mcs', ['-out:handler.exe', sample.file], { cwd: dir, env: toolEnv() }),
  ),
  // Java 11+ runs a single source file as it is.
  java: served(
    () => 'java',
    (file) => [path.basename(file)],
  ),
  ruby: served(
    () => 'ruby',
    (file) => [file],
  ),
  // PHP's own server, as the sample says to run it: each request runs the script afresh, so it remembers no ids.
  php: async (sample) => {
    const { deliver } = await served(
      () => 'php',
      (file, port) => ['-S', `127.0.0.1:${port}`, path.basename(file)],
    )(sample);
    return { deliver };
  },
  perl: (sample) => {
    const file = sampleFile(sample);
    return Promise.resolve({ deliver: (delivery) => cgi('perl', file, delivery) });
  },
  curl: (sample) => {
    const file = sampleFile(sample);
    return Promise.resolve({ deliver: (delivery) => cgi('bash', file, delivery) });
  },
  // A Fetch API handler, called as a Workers-style runtime calls it: Node has the same Request, Response and Web
  // Crypto.
  javascript: async (sample) => {
    const file = sampleFile(sample).replace(/\.js$/, '.mjs');
    writeFileSync(file, sample.code);
    const handler = (await import(pathToFileURL(file).href)) as {
      default: { fetch: (request: Request, env: Record<string, string>) => Promise<Response> };
    };
    return {
      deliver: async (delivery) => {
        const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
        try {
          const request = new Request('http://127.0.0.1/webhooks', {
            method: 'POST',
            headers: delivery.headers,
            body: delivery.body,
          });
          const response = await handler.default.fetch(request, { [signing.secretVariable]: secret });
          return { status: response.status, output: log.mock.calls.map((call) => call.join(' ')).join('\n') };
        } finally {
          log.mockRestore();
        }
      },
    };
  },
};

describe.each([...samples.values()].map((sample) => [sample.label, sample] as const))(
  'the %s webhook handler',
  (_label, sample) => {
    test('accepts only the genuine delivery, acknowledges it with a 2xx and handles it', async () => {
      const { deliver, server } = await handlers[sample.language](sample);
      const { valid, tampered, stale, foreign } = deliveries();
      const event = JSON.parse(valid.body) as { event: string; event_id: string };
      const answers = {
        tampered: await deliver(tampered),
        stale: await deliver(stale),
        foreign: await deliver(foreign),
        valid: await deliver(valid),
      };
      expect({
        valid: answers.valid.status,
        tampered: answers.tampered.status,
        stale: answers.stale.status,
        foreign: answers.foreign.status,
      }).toEqual({ valid: 204, tampered: 401, stale: 401, foreign: 401 });
      expect(answers.valid.output).toContain(`received ${event.event} ${event.event_id}`);
      for (const refused of [answers.tampered, answers.stale, answers.foreign]) {
        expect(refused.output).not.toContain('received');
      }
      if (!server) return;
      // The sender's repeat: the same event again, acknowledged and skipped.
      const before = server.output().length;
      const sent = await sendDelivery({
        url: server.url,
        signing: signing,
        secret,
        delivery: exampleDelivery(webhook),
        repeat: 1,
        retries: 0,
      });
      expect(sent.attempts.map((attempt) => attempt.status)).toEqual([204, 204]);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const log = server.output().slice(before);
      expect(log).toMatch(/^received match_status_cancelled \S+$/m);
      expect(log).toMatch(/^duplicate \S+: skipped$/m);
    });
  },
);
