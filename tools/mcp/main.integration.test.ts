import { execFile } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, waitUntilAnswering } from '../lib/process';
import { spawnGroup, type GroupProcess } from '../lib/processGroup';

/**
 * `npm run mcp` as an outsider tries it first: over Streamable HTTP, a request from a web page (a rebound Host, a
 * foreign Origin) and one without the token; over stdio, a message larger than it reads. None of these needs the
 * built site: every one is answered before a tool reads it.
 */

const execute = promisify(execFile);
const cli = ['--import', 'tsx', path.resolve('tools/mcp/main.ts')];
const site = path.resolve('test-results/no-site-here');

/** The environment without the developer's own `ARENA_*` credentials and token. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^ARENA_/.test(name)) env[name] = value;
  return { ...env, ...extra };
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'outsider', version: '1' } },
});

/** A raw POST, with the headers a page or a rebinding attack would send (fetch would not let us set Host). */
function post(
  port: number,
  headers: Record<string, string>,
  body = initialize,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('over Streamable HTTP', () => {
  const token = 'a-token-for-this-test';
  let port: number;
  let server: GroupProcess;
  beforeAll(async () => {
    port = await freePort();
    server = spawnGroup(
      process.execPath,
      [...cli, '--site', site, '--http', '--port', String(port), '--allow-origin', 'https://app.example'],
      { env: environment({ ARENA_MCP_TOKEN: token }), stdio: 'ignore' },
    );
    await waitUntilAnswering(`http://127.0.0.1:${port}/`, { name: 'the MCP server', child: server.child });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const authorized = () => ({ Host: `127.0.0.1:${port}`, Authorization: `Bearer ${token}` });

  test.each([
    [
      'a rebound Host (DNS rebinding), even with the token',
      () => ({ ...authorized(), Host: `evil.example:${port}` }),
      403,
    ],
    ['the right name on another port', () => ({ ...authorized(), Host: `127.0.0.1:${port + 1}` }), 403],
    ['a foreign Origin, even with the token', () => ({ ...authorized(), Origin: 'http://evil.example' }), 403],
    ["the server's own origin from a page", () => ({ ...authorized(), Origin: `http://127.0.0.1:${port}` }), 403],
    ['no token', () => ({ Host: `127.0.0.1:${port}` }), 401],
    ['a wrong token', () => ({ ...authorized(), Authorization: 'Bearer a-guess' }), 401],
    ['the token as Basic', () => ({ ...authorized(), Authorization: `Basic ${token}` }), 401],
  ])('%s is refused before any tool runs', async (_, headers, status) => {
    const answer = await post(port, headers());
    expect(answer.status).toBe(status);
    expect(answer.body).not.toContain('serverInfo');
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });

  test.each([
    ['127.0.0.1 with the token', () => authorized()],
    ['localhost with the token', () => ({ ...authorized(), Host: `localhost:${port}` })],
    ['an origin the person allowed', () => ({ ...authorized(), Origin: 'https://app.example' })],
  ])('%s is answered', async (_, headers) => {
    const answer = await post(port, headers());
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"serverInfo"');
  });
});

test('without ARENA_MCP_TOKEN the server makes a token, prints it once, and asks for it', async () => {
  const port = await freePort();
  const server = spawnGroup(process.execPath, [...cli, '--site', site, '--http', '--port', String(port)], {
    env: environment(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    let log = '';
    server.child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    await expect.poll(() => /Bearer ([A-Za-z0-9_-]{43})\n/.exec(log)?.[1], { timeout: 30_000 }).toBeTruthy();
    const token = /Bearer ([A-Za-z0-9_-]{43})\n/.exec(log)![1];
    expect(log.split(token)).toHaveLength(2);
    expect((await post(port, { Host: `127.0.0.1:${port}` })).status).toBe(401);
    expect((await post(port, { Host: `127.0.0.1:${port}`, Authorization: `Bearer ${token}` })).status).toBe(200);
  } finally {
    await server.stop();
  }
});

test('over stdio, a message over its size is answered with an error and the server goes on', async () => {
  const server = spawnGroup(process.execPath, [...cli, '--site', site], {
    env: environment(),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  try {
    const answers: { id: unknown; result?: unknown; error?: { message: string } }[] = [];
    let buffered = '';
    server.child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) answers.push(JSON.parse(line) as (typeof answers)[number]);
    });
    const input = server.child.stdin!;
    input.write(`${initialize}\n`);
    input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    // A valid request of 11 MB: the SDK's own transport closed on it and the server exited with status 0.
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'search_docs', arguments: { query: 'x'.repeat(11 * 1024 * 1024) } },
      id: 2,
    });
    input.write(`${huge}\n`);
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' })}\n`);
    await expect.poll(() => answers.length, { timeout: 30_000 }).toBe(3);
    expect(answers[1]).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32600, message: 'the message is over the 4 MB this server accepts: it was not read' },
    });
    expect(answers[2]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    expect(server.child.exitCode).toBeNull();
  } finally {
    await server.stop();
  }
});

test('--help answers its usage; an unknown flag is refused by name', async () => {
  const help = await execute(process.execPath, [...cli, '--help'], { env: environment() });
  expect(help.stdout).toMatch(/^Usage: npm run mcp -- \[options\]/);
  for (const flag of ['--site', '--url', '--http', '--port', '--allow-origin', '--allow-writes']) {
    expect(help.stdout).toContain(flag);
  }
  const unknown = await execute(process.execPath, [...cli, '--confirm-everything'], { env: environment() }).catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(unknown).toMatchObject({ code: 2 });
  expect((unknown as { stderr: string }).stderr).toContain("Unknown option '--confirm-everything'");
});
