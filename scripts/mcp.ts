/**
 * `npm run mcp`: the portal's MCP server (src/lib/mcp) for AI assistants, over stdio by default.
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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import process from 'node:process';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { apis } from '../config/apis';
import { brand } from '../config/brand';
import { mockUrl } from '../config/mock';
import { trustedOrigins } from '../config/hosts';
import { createPortalServer, type McpApi } from '../src/lib/mcp/server';
import { folderSource, urlSource, type PortalSource } from '../src/lib/mcp/source';

const serverName = `${brand.slug}-developer-portal`;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

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
  const url = option('--url');
  if (url) {
    if (!/^https?:\/\//.test(url)) throw new Error(`--url must be an http(s) URL, got ${url}`);
    return urlSource(url);
  }
  return folderSource(path.resolve(option('--site') ?? 'build'), brand.siteUrl);
}

async function serveHttp(port: number, portal: PortalSource): Promise<void> {
  // Stateless: each request gets a server and transport of its own (the SDK's stateless Streamable HTTP pattern).
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      response.writeHead(404).end('The MCP endpoint is /mcp\n');
      return;
    }
    const server = createPortalServer({ name: serverName, source: portal, apis: mcpApis, env: process.env });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[mcp]', error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    // Loopback only: the server makes calls with the credentials of the environment it runs in.
    http.listen(port, '127.0.0.1', resolve);
  });
  const address = http.address();
  console.error(
    `[mcp] listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/mcp`,
  );
  const stop = () => http.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const portal = source();
  if (process.argv.includes('--http')) {
    const port = Number(option('--port') ?? '3920');
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`--port must be a port number, got ${port}`);
    await serveHttp(port, portal);
    return;
  }
  const server = createPortalServer({ name: serverName, source: portal, apis: mcpApis, env: process.env });
  await server.connect(new StdioServerTransport());
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
