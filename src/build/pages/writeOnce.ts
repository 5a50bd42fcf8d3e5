import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolutionFileVariable } from '../../../config/build';
import { documentFingerprint } from '../../core/openapi/singlePage';
import type { ResolvedDocument } from '../pipeline/resolve';
import { writeFileAtomic } from '../pipeline/writeAtomic';

/** What the pages were written from: each API and its document's fingerprint. */
function writtenFrom(resolved: readonly ResolvedDocument[]): string {
  return JSON.stringify(resolved.map((result) => [result.id, documentFingerprint(result.document)]));
}

/**
 * Writes the reference pages once per production build, however many processes it runs in (config/build.ts): every
 * step loads the site, and each wrote every page again from the same documents, which Microsoft Graph's 14,024
 * pages made 22 s a step (measured with the page writer alone). The first step writes them and leaves a note beside the build's resolution file; a later
 * step that finds the note for the same documents leaves the pages as they are. Without a resolution file
 * (`npm start`, a single `docusaurus build`), `write` always runs. Returns whether it ran.
 */
export async function writePagesOnce(
  env: Record<string, string | undefined>,
  resolved: readonly ResolvedDocument[],
  write: () => Promise<unknown>,
  /** The files and folders `write` makes: all must be there for a later step to leave them. */
  outputs: readonly string[],
): Promise<boolean> {
  const resolution = env[resolutionFileVariable];
  const note = resolution ? path.join(path.dirname(resolution), 'pages-written.json') : undefined;
  const from = writtenFrom(resolved);
  if (
    note &&
    existsSync(note) &&
    (await readFile(note, 'utf8')) === from &&
    outputs.every((output) => existsSync(output))
  ) {
    return false;
  }
  await write();
  if (note) await writeFileAtomic(note, from);
  return true;
}
