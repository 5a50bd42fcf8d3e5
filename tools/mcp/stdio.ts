import process from 'node:process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The MCP server's stdio transport. The SDK's own (`StdioServerTransport`) closes itself when a message is over its
 * 10 MB buffer, and the server then exits with status 0 without a word: a valid 11 MB request ended it. This one
 * reads line by line, drops what is over `maxMessageBytes` as it arrives (never holding more than that), answers
 * the message with a JSON-RPC error, and goes on with the next line.
 */
export class BoundedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** The start of a line being dropped for its size, for its id; undefined while no line is being dropped. */
  private dropping?: { head: string; tail: Buffer };

  constructor(
    readonly maxMessageBytes: number,
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let rest = chunk;
    for (;;) {
      const newline = rest.indexOf(0x0a);
      const piece = newline === -1 ? rest : rest.subarray(0, newline);
      this.take(piece);
      if (newline === -1) return;
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
  };

  private readonly onEnd = () => void this.close();

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.dropping) {
      this.dropping.tail = Buffer.concat([this.dropping.tail, piece]).subarray(-256);
      return;
    }
    if (this.size + piece.length > this.maxMessageBytes) {
      const head = Buffer.concat([...this.chunks, piece])
        .subarray(0, 256)
        .toString('utf8');
      this.dropping = { head, tail: piece.subarray(-256) };
      this.chunks = [];
      this.size = 0;
      return;
    }
    this.chunks.push(piece);
    this.size += piece.length;
  }

  private endLine(): void {
    if (this.dropping) {
      const { head, tail } = this.dropping;
      this.dropping = undefined;
      void this.send({
        jsonrpc: '2.0',
        id: requestId(head, tail.toString('utf8')) ?? (null as unknown as number),
        error: {
          code: -32600,
          message: `the message is over the ${sizeText(this.maxMessageBytes)} this server accepts: it was not read`,
        },
      });
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    try {
      this.onmessage?.(JSONRPCMessageSchema.parse(JSON.parse(line)));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    return Promise.resolve();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const text = `${JSON.stringify(message)}\n`;
    if (!this.output.write(text)) await new Promise<void>((resolve) => this.output.once('drain', () => resolve()));
  }

  close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.chunks = [];
    this.onclose?.();
    return Promise.resolve();
  }
}

/**
 * The id of a request too large to read, from its first and last bytes: clients write `"id"` first or last
 * (the SDK's client, last), so the error reaches the call that waits for it. Undefined when neither end shows it.
 */
export function requestId(head: string, tail: string): string | number | undefined {
  const last = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")\s*\}\s*$/.exec(tail);
  const first = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/.exec(head);
  const found = last?.[1] ?? first?.[1];
  return found === undefined ? undefined : (JSON.parse(found) as string | number);
}

/** `4 MB`, `64 KB`: a size as a person reads it. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
