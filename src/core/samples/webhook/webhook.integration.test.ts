import { execFile, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { freePort } from '../../../../tools/lib/process';
import { spawnGroup, type GroupProcess } from '../../../../tools/lib/processGroup';
import { exampleDelivery, sendDelivery, signedHeaders } from '../../../../tools/webhooks-send/webhookSender';
import { readVendoredDocument } from '../../../../tests/fixtures/vendored';
import { webhookViews } from '../../openapi/view';
import { webhookSigning } from '../../openapi/webhookSigning';
import type { SampleLanguage } from '../languages';
import { cgiVariable, handlerLimits, webhookSamples, type WebhookSample } from './index';

/**
 * Every language's webhook handler, run as its page says to run it (a server on a port, a CGI program, a Fetch API
 * handler), sent one table of crafted deliveries by the Data API document's scheme: rows are the cases, columns the
 * languages, every cell the answer. Genuine deliveries, with one signature or several (the scheme's rule: any one
 * matching, at most `maxSignatures`), are acknowledged; unsigned, tampered, stale and foreign ones are refused with
 * 401; a genuine body that is no delivery (not JSON, not an object, no `event_id`) gets 400; a broken Content-Length
 * gets 400 or 413 at once; a sender that stops halfway is cut off after the read timeout while others are answered;
 * and after all of it a genuine delivery is still acknowledged. The requests go on the wire as written here (raw
 * sockets), since an HTTP client would refuse to send most of them.
 *
 * Alone: `npx vitest run --project integration src/core/samples/webhook` (needs the toolchains the request samples
 * need, and `ruby-webrick`).
 */

const execute = promisify(execFile);
const workDir = path.resolve('test-results/webhook-samples');
const document = readVendoredDocument('data');
const declared = webhookSigning(document);
if (!declared) throw new Error('the Data API document declares no x-webhook-signing');
const signing = declared;
const event = webhookViews(document, 'data-v4').find((view) => view.name === 'match_status_cancelled');
if (!event) throw new Error('the Data API document has no match_status_cancelled webhook');
const webhook = event;
const secret = `whsec-${Math.random().toString(36).slice(2)} with spaces`;
const samples = webhookSamples(signing);
const readTimeoutMs = handlerLimits.readTimeoutSeconds * 1000;

/** A request as it goes on the wire: headers in order (a name may repeat), and what may be wrong with its framing. */
interface Wire {
  headers: [string, string][];
  body: string;
  /** The Content-Length sent, where it is not the body's length. */
  contentLength?: string;
  /** Ends the sending side after the body, so that a body shorter than its Content-Length ends there. */
  endAfterBody?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);

/** A fresh delivery's body: the event's example with a new `event_id`, so each one acknowledged prints once. */
const freshBody = (change: (delivery: Record<string, unknown>) => unknown = (delivery) => delivery) =>
  JSON.stringify(change(exampleDelivery(webhook)));

const signatureOf = (body: string, at = now(), key = secret) =>
  signedHeaders(signing, key, body, at)[signing.signatureHeader];

/** A signature of the right form that matches nothing. */
const wrong = () => signatureOf(`${Math.random()}`);

/** `body` with its timestamp header and each of `signatures` as a header of its own (none: unsigned). */
function signed(body: string, signatures?: string[], at = now()): Wire {
  // Signed at the very second the header names: two calls of now() could fall either side of a second's turn, and
  // the signature then matched no timestamp (a genuine delivery answered 401, once in a few runs).
  const values = signatures ?? [signatureOf(body, at)];
  return {
    headers: [
      ['Content-Type', 'application/json'],
      [signing.timestampHeader, String(at)],
      ...values.map((value): [string, string] => [signing.signatureHeader, value]),
    ],
    body,
  };
}

const genuine = () => signed(freshBody());

interface Case {
  name: string;
  wire: () => Wire;
  expected: string;
  /** Where a language's cell differs, and why (in a comment). */
  except?: Partial<Record<SampleLanguage, string>>;
}

const most = signing.maxSignatures;
const cases: Case[] = [
  { name: 'genuine', wire: genuine, expected: '204' },
  {
    name: 'signatures [valid, wrong], the header twice',
    wire: () => {
      const [body, at] = [freshBody(), now()];
      return signed(body, [signatureOf(body, at), wrong()], at);
    },
    expected: '204',
    // Mono's HttpListener keeps only the last value of a repeated header: the first never reaches the handler. (The
    // platform sends its signatures comma-separated in one header, as a row below does.)
    except: { csharp: '401' },
  },
  {
    name: 'signatures [wrong, valid], the header twice',
    wire: () => {
      const [body, at] = [freshBody(), now()];
      return signed(body, [wrong(), signatureOf(body, at)], at);
    },
    expected: '204',
  },
  {
    name: 'signatures [wrong, valid], comma-separated in one header',
    wire: () => {
      const [body, at] = [freshBody(), now()];
      return signed(body, [`${wrong()}, ${signatureOf(body, at)}`], at);
    },
    expected: '204',
  },
  {
    name: `${most} signatures, the valid one last`,
    wire: () => {
      const [body, at] = [freshBody(), now()];
      return signed(body, [...Array.from({ length: most - 1 }, wrong), signatureOf(body, at)], at);
    },
    expected: '204',
  },
  {
    name: `${most + 1} signatures, the valid one first`,
    wire: () => {
      const [body, at] = [freshBody(), now()];
      return signed(body, [signatureOf(body, at), ...Array.from({ length: most }, wrong)], at);
    },
    expected: '401',
  },
  { name: 'signatures [wrong, wrong]', wire: () => signed(freshBody(), [wrong(), wrong()]), expected: '401' },
  { name: 'unsigned', wire: () => signed(freshBody(), []), expected: '401' },
  {
    name: 'body changed after signing',
    wire: () => {
      const body = freshBody();
      const changed = body.replace('"CANCELLED"', '"FINISHED"');
      expect(changed).not.toBe(body);
      const at = now();
      return signed(changed, [signatureOf(body, at)], at);
    },
    expected: '401',
  },
  {
    name: 'signed too long ago',
    wire: () => {
      const body = freshBody();
      const at = now() - signing.toleranceSeconds - 60;
      return signed(body, [signatureOf(body, at)], at);
    },
    expected: '401',
  },
  {
    name: 'signed with another secret',
    wire: () => {
      const [body, at] = [freshBody(), now()];
      return signed(body, [signatureOf(body, at, `${secret}-other`)], at);
    },
    expected: '401',
  },
  { name: 'signed, not JSON', wire: () => signed('this is not JSON {'), expected: '400' },
  { name: 'signed JSON null', wire: () => signed('null'), expected: '400' },
  { name: 'signed JSON []', wire: () => signed('[]'), expected: '400' },
  { name: 'signed JSON "x"', wire: () => signed('"x"'), expected: '400' },
  {
    name: 'signed, no event_id',
    wire: () => signed(freshBody(({ event_id: _, ...rest }) => rest)),
    expected: '400',
  },
  {
    name: 'signed, no event',
    wire: () => signed(freshBody(({ event: _, ...rest }) => rest)),
    expected: '400',
  },
  // The framing: PHP's development server (`php -S`, the page's way to try the PHP handler) closes the connection
  // on a broken Content-Length without running the script, and waits for a declared body however large; behind a
  // web server (nginx, Apache), as the page says for production, the server answers these itself.
  {
    name: 'Content-Length not a number',
    wire: () => ({ ...genuine(), contentLength: '12x' }),
    expected: '400',
    except: { php: 'closed' },
  },
  {
    name: 'Content-Length negative',
    wire: () => ({ ...genuine(), contentLength: '-1' }),
    expected: '400',
    except: { php: 'closed' },
  },
  {
    name: 'Content-Length larger than the body, then the sender closes',
    wire: () => {
      const delivery = genuine();
      return { ...delivery, contentLength: String(Buffer.byteLength(delivery.body) + 100), endAfterBody: true };
    },
    expected: '400',
    except: { php: 'closed' },
  },
  {
    name: `Content-Length over ${handlerLimits.maxBodyBytes} bytes, no body sent`,
    wire: () => ({ ...genuine(), body: '', contentLength: String(handlerLimits.maxBodyBytes + 1) }),
    expected: '413',
    except: { php: 'no answer' },
  },
];
const stallName = 'a sender stalls halfway through its body';
const lastCase = 'genuine, after every case above';
const stallCase: Case = {
  name: stallName,
  wire: genuine,
  expected: 'another delivery answered 204 at once; the stalled one cut off',
  // `php -S` reads each request apart, so the stalled one holds up no other, but never times it out.
  except: { php: 'another delivery answered 204 at once; the stalled one held' },
};

/** How a cell reads: the answer's status, `closed` (no answer, connection closed) or `no answer` (in time). */
type Cell = string;

/** A handler under test: how to deliver to it, what it printed, and (a server) its URL. */
interface Runner {
  send: (wire: Wire) => Promise<Cell>;
  /** Sends the headers and half the body, then nothing; resolves when the handler answers or drops it. */
  stall: (wire: Wire) => Promise<Cell>;
  output: () => string;
  url?: string;
}

function statusOf(received: string): string | undefined {
  return /^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1];
}

function requestHead(port: number, wire: Wire): string {
  const lines = [
    'POST /webhooks HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...wire.headers.map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${wire.contentLength ?? Buffer.byteLength(wire.body)}`,
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Writes `data` on a new connection and waits up to `waitMs` for the status line of the answer. */
function exchange(port: number, data: string, end: boolean, waitMs: number): Promise<Cell> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const finish = (cell: Cell) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(cell);
    };
    const timer = setTimeout(() => finish(statusOf(received) ?? 'no answer'), waitMs);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = statusOf(received);
      if (status) finish(status);
    });
    socket.on('error', () => finish(statusOf(received) ?? 'closed'));
    socket.on('close', () => finish(statusOf(received) ?? 'closed'));
    socket.write(data);
    if (end) socket.end();
  });
}

/** How long a stalled sender may be held at most: the read timeout, and a little for the server to notice. */
const stallLimitMs = readTimeoutMs + 4_000;

function serverRunner(port: number, output: () => string): Runner {
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    output,
    send: (wire) => exchange(port, requestHead(port, wire) + wire.body, wire.endAfterBody ?? false, 3_000),
    stall: (wire) =>
      exchange(port, requestHead(port, wire) + wire.body.slice(0, wire.body.length / 2), false, stallLimitMs),
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

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
});

/** A handler that is a server, started from its saved file by `command` with `args` (after a build step, if any). */
function served(
  command: (dir: string) => string,
  args: (file: string, port: number) => string[],
  build?: (dir: string, sample: WebhookSample) => Promise<unknown>,
): (sample: WebhookSample) => Promise<Runner> {
  return async (sample) => {
    const file = sampleFile(sample);
    const dir = path.dirname(file);
    await build?.(dir, sample);
    const port = await freePort();
    const server = spawnGroup(command(dir), args(file, port), {
      cwd: dir,
      env: toolEnv({ [signing.secretVariable]: secret, PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    stops.push(() => server.stop());
    await listening(port, server, () => output);
    return serverRunner(port, () => output);
  };
}

/**
 * A CGI handler: one run per delivery, as a web server runs it (RFC 3875): the request's headers in the environment
 * (a repeated header joined with `, `), its Content-Length as given, the body on stdin, the status in its output.
 */
function cgi(command: string, sample: WebhookSample): Runner {
  const file = sampleFile(sample);
  let output = '';
  const run = (wire: Wire, stall: boolean): Promise<Cell> => {
    const joined = new Map<string, string[]>();
    for (const [name, value] of wire.headers) joined.set(name, [...(joined.get(name) ?? []), value]);
    const child = spawn(command, [file], {
      env: toolEnv({
        [signing.secretVariable]: secret,
        REQUEST_METHOD: 'POST',
        CONTENT_TYPE: 'application/json',
        CONTENT_LENGTH: wire.contentLength ?? String(Buffer.byteLength(wire.body)),
        ...Object.fromEntries([...joined].map(([name, values]) => [cgiVariable(name), values.join(', ')])),
        GATEWAY_INTERFACE: 'CGI/1.1',
      }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.on('error', () => undefined);
    if (stall) child.stdin.write(wire.body.slice(0, wire.body.length / 2));
    else child.stdin.end(wire.body);
    const limit = setTimeout(() => child.kill('SIGKILL'), stall ? stallLimitMs : 5_000);
    return new Promise((resolve) => {
      child.once('close', (code) => {
        clearTimeout(limit);
        child.stdin.destroy();
        const status = /^Status: (\d{3})/m.exec(stdout)?.[1];
        resolve(status ?? (code === null ? 'no answer' : `failed (exit ${code})`));
      });
    });
  };
  return {
    output: () => output,
    send: (wire) => run(wire, false),
    stall: (wire) => run(wire, true),
  };
}

/**
 * The Fetch API handler, served the way Workers-style runtimes (Deno.serve, Bun.serve) serve one: the runtime parses
 * HTTP, limits how long a request may take (here Node's server with the same read timeout as the other handlers)
 * and hands the handler a Request. The framing rows test that pair; the rest are the handler's.
 */
async function fetchRuntime(sample: WebhookSample): Promise<Runner> {
  const file = sampleFile(sample).replace(/\.js$/, '.mjs');
  writeFileSync(file, sample.code);
  const handler = (await import(pathToFileURL(file).href)) as {
    default: { fetch: (request: Request, env: Record<string, string>) => Promise<Response> };
  };
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const server: HttpServer = createServer(
    { requestTimeout: readTimeoutMs, connectionsCheckingInterval: 500 },
    (incoming, outgoing) => {
      const headers = new Headers();
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
        headers.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
      }
      const request = new Request(`http://127.0.0.1${incoming.url}`, {
        method: incoming.method,
        headers,
        body: Readable.toWeb(incoming) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      handler.default.fetch(request, { [signing.secretVariable]: secret }).then(
        (response) => outgoing.writeHead(response.status).end(),
        () => outgoing.writeHead(500).end(),
      );
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    log.mockRestore();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const output = () => log.mock.calls.map((call) => call.join(' ')).join('\n');
  return serverRunner((server.address() as AddressInfo).port, output);
}

/** Starts each language's handler, as its page says to run it. */
const starters: Record<SampleLanguage, (sample: WebhookSample) => Promise<Runner>> = {
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
  php: served(
    () => 'php',
    (file, port) => ['-S', `127.0.0.1:${port}`, path.basename(file)],
  ),
  perl: (sample) => Promise.resolve(cgi('perl', sample)),
  curl: (sample) => Promise.resolve(cgi('bash', sample)),
  javascript: fetchRuntime,
};

const runners = new Map<SampleLanguage, Runner>();
beforeAll(async () => {
  const started = await Promise.all(
    samples.map(async (sample) => [sample.language, await starters[sample.language](sample)] as const),
  );
  for (const [language, runner] of started) runners.set(language, runner);
});

/**
 * One language's column: a sender stalls first and stays stalled while a genuine delivery is sent and every case
 * runs, one after another; then the stalled one must have been cut off, and a last genuine delivery is acknowledged.
 */
async function column(runner: Runner): Promise<{ cells: Record<string, Cell>; acknowledged: number }> {
  const cells: Record<string, Cell> = {};
  let stallEnded = Infinity;
  const stalled = runner.stall(stallCase.wire()).then((cell) => {
    stallEnded = performance.now();
    return cell;
  });
  // Long enough for the stalled request to reach the handler and hold whatever it holds.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const sent = performance.now();
  const whileStalled = await runner.send(genuine());
  const waited = performance.now() - sent;
  const heldMeanwhile = stallEnded === Infinity;
  for (const { name, wire } of cases) cells[name] = await runner.send(wire());
  const stall = await stalled;
  cells[stallName] = [
    `another delivery answered ${whileStalled}${waited < readTimeoutMs / 4 ? ' at once' : ` after ${Math.round(waited / 1000)} s`}`,
    !heldMeanwhile
      ? `the stalled one answered ${stall} before it`
      : stall === 'no answer'
        ? 'the stalled one held'
        : 'the stalled one cut off',
  ].join('; ');
  cells[lastCase] = await runner.send(genuine());
  const acknowledged = [whileStalled, ...Object.values(cells)].filter((cell) => cell === '204').length;
  return { cells, acknowledged };
}

const languages = samples.map((sample) => sample.language);

test('every handler answers every crafted delivery as the scheme says, and keeps serving', async () => {
  const columns = await Promise.all(languages.map(async (language) => column(runners.get(language)!)));
  const table = (cell: (row: string, language: SampleLanguage, index: number) => Cell) =>
    Object.fromEntries(
      [...cases.map(({ name }) => name), stallName, lastCase].map((row) => [
        row,
        Object.fromEntries(languages.map((language, index) => [language, cell(row, language, index)])),
      ]),
    );
  const expected = table((row, language) => {
    if (row === lastCase) return '204';
    const { expected: cell, except } = [...cases, stallCase].find(({ name }) => name === row)!;
    return except?.[language] ?? cell;
  });
  expect(table((row, _language, index) => columns[index].cells[row])).toEqual(expected);

  // Each handler printed exactly the deliveries it acknowledged (each had an event id of its own), no other.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const printed = Object.fromEntries(
    languages.map((language) => [
      language,
      runners
        .get(language)!
        .output()
        .match(/received match_status_cancelled \S+/g)?.length ?? 0,
    ]),
  );
  const acknowledged = Object.fromEntries(languages.map((language, index) => [language, columns[index].acknowledged]));
  expect(printed).toEqual(acknowledged);
});

/** The handlers that live on between deliveries; the others' pages say where to keep the ids. */
const remembering: SampleLanguage[] = ['node', 'python', 'go', 'csharp', 'java', 'ruby'];

test.each(remembering)('the %s handler skips an event it has already handled', async (language) => {
  const runner = runners.get(language)!;
  const before = runner.output().length;
  const sent = await sendDelivery({
    url: runner.url!,
    signing,
    secret,
    delivery: exampleDelivery(webhook),
    repeat: 1,
    retries: 0,
  });
  expect(sent.attempts.map((attempt) => attempt.status)).toEqual([204, 204]);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const log = runner.output().slice(before);
  expect(log).toMatch(/^received match_status_cancelled \S+$/m);
  expect(log).toMatch(/^duplicate \S+: skipped$/m);
});
