import { describe, expect, test } from 'vitest';
import { isStreamType, readBody } from './readBody';

/** A response whose body arrives in the given chunks, or keeps coming when `endless`. */
function response(chunks: string[], endless = false): Response {
  const encoder = new TextEncoder();
  let index = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (index < chunks.length) controller.enqueue(encoder.encode(chunks[index++]));
        else if (endless) controller.enqueue(encoder.encode('x'.repeat(1024)));
        else controller.close();
      },
    }),
  );
}

describe('readBody', () => {
  test('a stream is shown item by item as it arrives, then whole', async () => {
    const seen: string[] = [];
    const read = await readBody(response(['data: 1\n\n', 'data: 2\n\n']), 1024, (text) => seen.push(text));
    expect(seen).toEqual(['data: 1\n\n', 'data: 1\n\ndata: 2\n\n']);
    expect(read).toEqual({ text: 'data: 1\n\ndata: 2\n\n', truncated: false });
  });

  test('an endless answer is read up to the cap, and no further', async () => {
    const read = await readBody(response([], true), 10_000);
    expect(read.truncated).toBe(true);
    expect(read.text).toHaveLength(10_000);
  });

  test('a character split across chunks is kept whole', async () => {
    const bytes = new TextEncoder().encode('é');
    const split = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 1));
          controller.enqueue(bytes.subarray(1));
          controller.close();
        },
      }),
    );
    expect((await readBody(split, 100)).text).toBe('é');
  });
});

test.each([
  ['text/event-stream', true],
  ['text/event-stream; charset=utf-8', true],
  ['application/jsonl', true],
  ['application/x-ndjson', true],
  ['application/json-seq', true],
  ['application/json', false],
  ['text/plain', false],
])('isStreamType(%j) is %s', (type, streamed) => {
  expect(isStreamType(type)).toBe(streamed);
});
