import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BoundedStdioTransport, requestId } from './stdio';

function transport(maxBytes: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const received: JSONRPCMessage[] = [];
  const written: string[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk.toString('utf8')));
  const bounded = new BoundedStdioTransport(maxBytes, input, output);
  bounded.onmessage = (message) => received.push(message);
  return { input, received, written: () => written.join(''), bounded };
}

const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

describe('BoundedStdioTransport', () => {
  test('reads messages split anywhere across chunks', async () => {
    const { input, received, bounded } = transport(1024);
    await bounded.start();
    const text = ping(1) + ping(2);
    input.write(text.slice(0, 7));
    input.write(text.slice(7, 40));
    input.write(text.slice(40));
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
  });

  test('answers a message over its size with an error for that id, and reads the next one', async () => {
    const { input, received, written, bounded } = transport(64 * 1024);
    await bounded.start();
    const huge = JSON.stringify({
      method: 'tools/call',
      params: { name: 'call_operation', arguments: { body: 'x'.repeat(200 * 1024) } },
      jsonrpc: '2.0',
      id: 7,
    });
    // Written in pieces, as a pipe delivers it: the transport never holds more than its size.
    for (let at = 0; at < huge.length; at += 16 * 1024) input.write(huge.slice(at, at + 16 * 1024));
    input.write(`\n${ping(8)}`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(written().trim())).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'the message is over the 64 KB this server accepts: it was not read' },
    });
    expect(received).toEqual([{ jsonrpc: '2.0', id: 8, method: 'ping' }]);
  });

  test('a line that is not JSON-RPC is an error the server hears, not the end of it', async () => {
    const { input, received, bounded } = transport(1024);
    const errors: string[] = [];
    bounded.onerror = (error) => errors.push(error.message);
    await bounded.start();
    input.write(`not json\n${ping(3)}`);
    expect(errors).toHaveLength(1);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 3, method: 'ping' }]);
  });
});

test.each([
  ['{"jsonrpc":"2.0","id":12,"method":"x"', '', 12],
  ['{"id":"abc","method":"x"', '', 'abc'],
  ['{"method":"x","params":{"id":5', '..."jsonrpc":"2.0","id":9}', 9],
  ['{"method":"x","params":{"id":5', '...tail without an id"}}', undefined],
])('requestId(%j, %j) is %j', (head, tail, id) => {
  expect(requestId(head, tail)).toBe(id);
});
