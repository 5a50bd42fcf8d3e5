import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonObject } from './document';
import { parseDocumentText } from './parse';

/** The two APIs and the vendored documents that are their embedded default. */
export const apis = {
  data: { id: 'data-v4', file: 'openapi/data-v4.yaml' },
  chat: { id: 'chat-v1', file: 'openapi/chat-v1.yaml' },
} as const;

export type ApiName = keyof typeof apis;

export function readVendoredDocument(api: ApiName, root = process.cwd()): JsonObject {
  return parseDocumentText(readFileSync(path.join(root, apis[api].file), 'utf8'));
}
