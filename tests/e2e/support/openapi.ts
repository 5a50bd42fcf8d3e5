import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonObject } from '../../../src/core/openapi/document';

/** The resolved document the build under test was made from (remote or vendored), as the site publishes it. */
export function builtDocument(id: string, buildDir = 'build'): JsonObject {
  return JSON.parse(readFileSync(path.resolve(buildDir, 'openapi', `${id}.json`), 'utf8')) as JsonObject;
}
