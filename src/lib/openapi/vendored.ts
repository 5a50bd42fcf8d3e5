import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonObject } from './document';
import { parseDocumentText } from './parse';

import { apiByKey } from '../../../config/apis';

/** An API's key in config/apis.ts: `data`, `chat`. */
export type ApiName = string;

/** The vendored document of an API, the embedded default (config/apis.ts names it). */
export function readVendoredDocument(api: ApiName, root = process.cwd()): JsonObject {
  return parseDocumentText(readFileSync(path.join(root, apiByKey(api).vendored), 'utf8'));
}
