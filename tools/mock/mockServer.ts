import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseDocumentText } from '../../src/core/openapi/parse';
import { operationViews } from '../../src/core/openapi/view';
import type { JsonObject } from '../../src/core/openapi/document';
import type { AuthorizationCodeFlow } from '../../src/core/openapi/view/types';
import { credentialProblem, securedOperations } from './credentialGate';
import { startOAuthServer, type OAuthServer } from './oauthServer';
import { freePort, waitUntilAnswering } from '../lib/process';
import { spawnGroup } from '../lib/processGroup';

import { apiByKey } from '../../config/apis';
import { generatedStaticDir } from '../../config/generated';
import { hostProblem } from '../lib/httpGuard';

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
  /** The local OAuth2 server, when the document declares an authorization code flow (tools/mock/oauthServer.ts). */
  oauth?: OAuthServer;
  stop: () => Promise<void>;
}

/** The document's first authorization code flow, which the mock serves locally. */
function authorizationCodeFlow(document: JsonObject): AuthorizationCodeFlow | undefined {
  for (const view of operationViews(document, 'mock')) {
    for (const scheme of [view.security, ...(view.otherSecurity ?? [])].flat()) {
      if (scheme.authorizationCode) return scheme.authorizationCode;
    }
  }
  return undefined;
}

/** CORS headers of the gate's own answers, so the explorer in the browser can read them as it reads Prism's. */
/** The largest request body the mock reads: far above any call of the documents, far below the machine's memory. */
const maxRequestBytes = 16 * 1024 * 1024;

const corsHeaders = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' };

/**
 * Starts Prism's mock server for one API on 127.0.0.1, answering from the document's examples and rejecting
 * requests that break it. In front of it, on the requested port, a small gate answers 401 to a call that needs a
 * credential and carries none (tools/mock/credentialGate.ts), and forwards everything else. Prism's own binary is
 * run with node in its own process group, so stopping it stops any child it started (through `npx`, Prism's node
 * child would keep listening).
 */
export async function startMock(
  api: MockApi,
  port: number,
  options: {
    stdio?: 'inherit' | 'ignore';
    document?: string;
    accessTokenTtl?: number;
    /**
     * Which tokens the gate takes for an OAuth2 API: only those its OAuth2 server issued (the default, as
     * production), or any present one, for tests that tell their requests apart by made-up credentials (the
     * samples' runs).
     */
    tokens?: 'issued' | 'present';
  } = {},
): Promise<MockServer> {
  const document = options.document ?? mockDocument(api);
  const parsed = parseDocumentText(readFileSync(document, 'utf8'));
  const secured = securedOperations(parsed);
  const flow = authorizationCodeFlow(parsed);
  const oauth = flow
    ? await startOAuthServer({ origin: `http://127.0.0.1:${port}`, flow, accessTokenTtl: options.accessTokenTtl })
    : undefined;
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
    // Only this machine's names: a web page that points its own name at 127.0.0.1 (DNS rebinding) cannot read the
    // mock or get a token from its OAuth server.
    const refused = hostProblem(request.headers.host, port);
    if (refused) {
      request.resume();
      response.writeHead(403, { 'content-type': 'text/plain' }).end(`${refused}\n`);
      return;
    }
    if (oauth?.handles(new URL(request.url ?? '/', 'http://mock').pathname)) {
      oauth.handle(request, response);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxRequestBytes) {
        // Bounded: a body past the cap is not held; the sender hears why.
        response.writeHead(413, { ...corsHeaders, 'content-type': 'text/plain', connection: 'close' });
        response.end(`The mock takes bodies of up to ${maxRequestBytes} bytes.\n`);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => void answer());
    const answer = async () => {
      const body = Buffer.concat(chunks);
      const url = request.url ?? '/';
      const method = request.method ?? 'GET';
      if (method !== 'OPTIONS') received.push({ method, url, headers: request.headers, body: body.toString() });
      const pathname = new URL(url, 'http://mock').pathname;
      const needsCredential = secured(method, pathname);
      let problem = needsCredential ? credentialProblem(request.headers.authorization) : undefined;
      // A token must be one the local server issued and still valid: present is not enough.
      if (needsCredential && !problem && oauth && options.tokens !== 'present') {
        problem = await oauth.verify(/^Bearer[ ]+(\S+)/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
      }
      const next = method !== 'OPTIONS' && !problem ? canned.shift() : undefined;
      if (problem || next) {
        const reply = next ?? {
          status: 401,
          headers: {
            'content-type': 'application/json',
            'www-authenticate': problem?.startsWith('the access token') ? 'Bearer error="invalid_token"' : 'Bearer',
          },
          body: JSON.stringify({ errors: [{ message: `Unauthorized: ${problem}` }] }),
        };
        response.writeHead(reply.status, { ...corsHeaders, ...reply.headers });
        response.end(reply.body ?? '');
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
    };
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
    ...(oauth ? { oauth } : {}),
    stop: async () => {
      gate.closeAllConnections();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await stopPrism();
    },
  };
}
