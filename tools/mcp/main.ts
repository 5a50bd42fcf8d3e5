/**
 * `npm run mcp`: the portal's MCP server (tools/mcp) for AI assistants, over stdio by default.
 *
 *   npm run mcp                              the built site in ./build (npm run build first)
 *   npm run mcp -- --site <folder>           another built site
 *   npm run mcp -- --url https://<portal>    a deployed portal
 *   npm run mcp -- --http --port 3920        Streamable HTTP on 127.0.0.1:<port>/mcp instead of stdio
 *
 * Calls go to each API's base URL and credential from the environment, the site's own variables
 * (`ARENA_DATA_API_URL`, `ARENA_API_KEY`…), or to `npm run mock` when no base URL is set. Logs go to stderr:
 * stdout is the protocol's.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { apis } from '../../config/apis';
import { brand } from '../../config/brand';
import { mockUrl } from '../../config/mock';
import { trustedOrigins } from '../../src/build/hosts';
import { guardRequest, newToken } from '../lib/httpGuard';
import { createPortalServer, type McpApi } from './server';
import { folderSource, urlSource, type PortalSource } from './source';
import { BoundedStdioTransport } from './stdio';

const serverName = `${brand.slug}-developer-portal`;
/** The variable that may hold the HTTP transport's token; unset, the server makes one and prints it once. */
const tokenVariable = `${brand.slug.toUpperCase()}_MCP_TOKEN`;
/** The largest JSON-RPC message the server reads, over either transport. */
const maxMessageBytes = 4 * 1024 * 1024;
/** Sessions the HTTP transport keeps at once: each holds a server; the oldest is closed to make room. */
const maxSessions = 16;

const usage = `Usage: npm run mcp -- [options]

The portal's MCP server, for AI assistants: over stdio, or over Streamable HTTP on 127.0.0.1.

  --site <folder>        read the built site in <folder> (default: ./build; run npm run build first)
  --url <portal>         read a deployed portal (https://…) instead
  --http                 serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio
  --port <n>             the HTTP port (default 3920; 0 picks a free one)
  --allow-origin <o>     with --http, let a web page of this origin (https://host[:port]) call the server;
                         repeat for more. None by default: no web page can reach the server
  --allow-writes         send calls that change something without asking, for a client that cannot ask
                         (MCP elicitation). Off by default: such calls are refused unless the client asks you
  -h, --help             this text

Over HTTP every request needs "Authorization: Bearer <token>": the token in ${tokenVariable}, or one the
server makes and prints once when it starts.`;

function options() {
  try {
    return parseArgs({
      options: {
        site: { type: 'string' },
        url: { type: 'string' },
        http: { type: 'boolean' },
        port: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'allow-writes': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    }).values;
  } catch (error) {
    console.error(`[mcp] ${error instanceof Error ? error.message : String(error)} (npm run mcp -- --help)`);
    process.exit(2);
  }
}

const flags = options();

const mcpApis: McpApi[] = apis.map((api) => ({
  key: api.key,
  id: api.id,
  title: api.title,
  linkBase: `/docs/${api.folder}`,
  credentialVariable: api.credential.variable,
  baseUrlVariable: api.baseUrlVariable,
  trustedOrigins: trustedOrigins(api),
  mockUrl: mockUrl(api.key),
}));

function source(): PortalSource {
  if (flags.url) {
    if (!/^https?:\/\//.test(flags.url)) throw new Error(`--url must be an http(s) URL, got ${flags.url}`);
    return urlSource(flags.url);
  }
  return folderSource(path.resolve(flags.site ?? 'build'), brand.siteUrl);
}

function portalServer(portal: PortalSource) {
  return createPortalServer({
    name: serverName,
    source: portal,
    apis: mcpApis,
    env: process.env,
    allowWrites: flags['allow-writes'] === true,
  });
}

function allowedOrigins(): string[] {
  return (flags['allow-origin'] ?? []).map((origin) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) {
      throw new Error(`--allow-origin takes an origin such as https://app.example:8443, got ${origin}`);
    }
    return origin;
  });
}

function refuse(response: ServerResponse, status: number, message: string): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  response
    .writeHead(status, headers)
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Streamable HTTP with sessions (the SDK's stateful pattern): a session keeps what its client said at
 * initialization, so the server knows whether the client can ask the person to confirm a write (elicitation).
 */
async function serveHttp(port: number, portal: PortalSource): Promise<void> {
  const token = process.env[tokenVariable] || newToken();
  const origins = allowedOrigins();
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let listeningPort = port;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const refused = guardRequest(
      {
        host: header('host'),
        origin: header('origin'),
        authorization: header('authorization'),
        path: new URL(request.url ?? '/', 'http://127.0.0.1').pathname,
      },
      { port: listeningPort, allowedOrigins: origins, token },
    );
    if (refused) {
      request.resume();
      refuse(response, refused.status, refused.message);
      return;
    }
    const id = header('mcp-session-id');
    const known = id ? sessions.get(id) : undefined;
    if (known) {
      await known.handleRequest(request, response);
      return;
    }
    if (id) {
      request.resume();
      refuse(response, 404, 'no such session: initialize again');
      return;
    }
    const server = portalServer(portal);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: maxMessageBytes,
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, transport);
        // Bounded: the oldest session makes room for a new one.
        for (const [oldest, other] of sessions) {
          if (sessions.size <= maxSessions) break;
          sessions.delete(oldest);
          void other.close();
        }
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close();
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[mcp]', error instanceof Error ? error.message : String(error));
      if (!response.headersSent) refuse(response, 500, 'the server failed on this request');
    });
  });
  // A client that opens a connection and sends nothing does not hold it.
  http.headersTimeout = 10_000;
  http.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    // Loopback only: the server makes calls with the credentials of the environment it runs in.
    http.listen(port, '127.0.0.1', resolve);
  });
  const address = http.address();
  listeningPort = typeof address === 'object' && address ? address.port : port;
  console.error(`[mcp] listening on http://127.0.0.1:${listeningPort}/mcp`);
  console.error(
    process.env[tokenVariable]
      ? `[mcp] clients send Authorization: Bearer <the token in ${tokenVariable}>`
      : `[mcp] clients send Authorization: Bearer ${token}\n[mcp] (shown once; set ${tokenVariable} to choose your own)`,
  );
  const stop = () => {
    for (const transport of sessions.values()) void transport.close();
    http.close(() => process.exit(0));
    http.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  if (flags.help) {
    console.log(usage);
    return;
  }
  const portal = source();
  if (flags.http) {
    const port = Number(flags.port ?? '3920');
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`--port must be a port number, got ${flags.port}`);
    await serveHttp(port, portal);
    return;
  }
  if (flags.port !== undefined || flags['allow-origin'] !== undefined) {
    throw new Error('--port and --allow-origin go with --http');
  }
  await portalServer(portal).connect(new BoundedStdioTransport(maxMessageBytes));
  console.error('[mcp] serving on stdio');
}

// A long-running server outlives a failure no caller awaits (Pagefind's module starts loading its index in a
// constructor): logged, and the tool that needed it answers its own error.
process.on('unhandledRejection', (reason) => {
  console.error(`[mcp] ${reason instanceof Error ? reason.message : String(reason)}`);
});

main().catch((error: unknown) => {
  console.error(`[mcp] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
