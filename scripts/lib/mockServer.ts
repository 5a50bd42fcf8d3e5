import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseDocumentText } from '../../src/lib/openapi/parse';
import { credentialProblem, securedOperations } from './credentialGate';
import { freePort, waitUntilAnswering } from './process';
import { spawnGroup } from './processGroup';

import { apiByKey } from '../../config/apis';
import { generatedStaticDir } from '../../config/openapi';

/** An API's key in config/apis.ts: `data`. */
export type MockApi = string;

/** The document the site was last built from (remote or vendored), or the vendored one before any build. */
export function mockDocument(key: MockApi, root = process.cwd()): string {
  const api = apiByKey(key);
  const resolved = path.resolve(root, generatedStaticDir, 'openapi', `${api.id}.json`);
  return existsSync(resolved) ? resolved : path.join(root, api.vendored);
}

/** Whether a port on 127.0.0.1 can be listened on now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A request the mock received, as it arrived. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A canned answer the next request gets instead of Prism's (tests use it for 429 and 404). */
export interface CannedResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface MockServer {
  api: MockApi;
  url: string;
  /** Every request that reached the mock, oldest first. */
  received: ReceivedRequest[];
  /** Answers the next requests with these, in order, before Prism answers again. */
  answerNext: (...responses: CannedResponse[]) => void;
  /** Drops the canned answers no request took. */
  clearAnswers: () => void;
  stop: () => Promise<void>;
}

/** CORS headers of the gate's own answers, so the explorer in the browser can read them as it reads Prism's. */
const corsHeaders = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' };

/**
 * Starts Prism's mock server for one API on 127.0.0.1, answering from the document's examples and rejecting
 * requests that break it. In front of it, on the requested port, a small gate answers 401 to a call that needs a
 * credential and carries none (scripts/lib/credentialGate.ts), and forwards everything else. Prism's own binary is
 * run with node in its own process group, so stopping it stops any child it started (through `npx`, Prism's node
 * child would keep listening).
 */
export async function startMock(
  api: MockApi,
  port: number,
  options: { stdio?: 'inherit' | 'ignore'; document?: string } = {},
): Promise<MockServer> {
  const document = options.document ?? mockDocument(api);
  const secured = securedOperations(parseDocumentText(readFileSync(document, 'utf8')));
  const bin = path.resolve('node_modules/@stoplight/prism-cli/dist/index.js');
  const prismPort = await freePort();
  const prism = spawnGroup(
    process.execPath,
    [bin, 'mock', document, '--host', '127.0.0.1', '--port', String(prismPort)],
    {
      stdio: options.stdio ?? 'ignore',
    },
  );
  const stopPrism = () => prism.stop();
  try {
    await waitUntilAnswering(`http://127.0.0.1:${prismPort}`, { name: `Prism (${api})`, child: prism.child });
  } catch (error) {
    await stopPrism();
    throw error;
  }

  const received: ReceivedRequest[] = [];
  const canned: CannedResponse[] = [];
  const gate = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = request.url ?? '/';
      const method = request.method ?? 'GET';
      if (method !== 'OPTIONS') received.push({ method, url, headers: request.headers, body: body.toString() });
      const pathname = new URL(url, 'http://mock').pathname;
      const problem = secured(method, pathname) ? credentialProblem(request.headers.authorization) : undefined;
      const next = method !== 'OPTIONS' && !problem ? canned.shift() : undefined;
      if (problem || next) {
        const answer = next ?? {
          status: 401,
          headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
          body: JSON.stringify({ errors: [{ message: `Unauthorized: ${problem}` }] }),
        };
        response.writeHead(answer.status, { ...corsHeaders, ...answer.headers });
        response.end(answer.body ?? '');
        return;
      }
      const forward = httpRequest(
        { host: '127.0.0.1', port: prismPort, method, path: url, headers: request.headers },
        (answer) => {
          // Prism allows any origin; the gate also lets the explorer read the headers, as it shows them.
          response.writeHead(answer.statusCode ?? 502, { ...corsHeaders, ...answer.headers });
          answer.pipe(response);
        },
      );
      forward.on('error', (error) => {
        response.writeHead(502, { ...corsHeaders, 'content-type': 'text/plain' });
        response.end(`The mock server did not answer: ${error.message}`);
      });
      forward.end(body);
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      gate.once('error', reject);
      gate.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await stopPrism();
    throw error;
  }
  return {
    api,
    url: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...responses) => canned.push(...responses),
    clearAnswers: () => canned.splice(0),
    stop: async () => {
      gate.closeAllConnections();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await stopPrism();
    },
  };
}
