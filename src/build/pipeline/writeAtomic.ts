import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file so that readers see either the old content or the new, never a partial one: the content goes to a
 * temporary file in the same folder, which is then renamed over the target (rename is atomic on one filesystem).
 */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content, 'utf8');
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Removes the temporary files `writeFileAtomic` left beside `target` when a process writing it was killed mid-write
 * (on any error it sees, it removes its own). Only for a file one process writes at a time: another writer's
 * temporary file would be removed under it.
 */
export async function removeStrayTemporaries(target: string): Promise<void> {
  const folder = path.dirname(target);
  const prefix = `.${path.basename(target)}.`;
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && /^[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length)))
      .map((name) => rm(path.join(folder, name), { force: true })),
  );
}
