/**
 * Reads a response's body for Try it: at most `maxBytes` of it (the rest is never read: an endless or huge answer
 * costs the tab that much, not all its memory), and, for a stream (OpenAPI 3.2's sequential media types: server-sent
 * events, JSON Lines, JSON text sequences), the text so far after each chunk, so the reader sees items as they arrive.
 */
export async function readBody(
  response: Response,
  maxBytes: number,
  onProgress?: (text: string) => void,
): Promise<{ text: string; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', truncated: false };
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    const chunk = value.byteLength > room ? value.subarray(0, room) : value;
    size += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    if (value.byteLength > room) {
      await reader.cancel().catch(() => undefined);
      return { text: text + decoder.decode(), truncated: true };
    }
    onProgress?.(text);
  }
  return { text: text + decoder.decode(), truncated: false };
}

/** The media types whose body is a stream of items (OpenAPI 3.2's sequential media types). */
export function isStreamType(contentType: string): boolean {
  return /^(text\/event-stream|application\/(jsonl|x-ndjson|json-seq|x-jsonlines))\b/i.test(contentType.trim());
}
