import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The name of a temporary file `writeFileAtomic` writes `target` through: random, so two writers never share one. */
export function temporaryName(target: string, random = randomBytes(6).toString('hex')): string {
  return `.${path.basename(target)}.${random}.tmp`;
}

/** Whether a file of `folder` is one of `target`'s temporary files (`temporaryName`, 12 hexadecimal digits). */
function isTemporaryOf(target: string, name: string): boolean {
  const [before, after] = temporaryName(target, '\0').split('\0');
  const random = name.slice(before.length, name.length - after.length);
  return name.startsWith(before) && name.endsWith(after) && /^[0-9a-f]{12}$/.test(random);
}

/**
 * Writes a file so that readers see either the old content or the new, never a partial one: the content goes to a
 * temporary file in the same folder, which is then renamed over the target (rename is atomic on one filesystem).
 */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), temporaryName(target));
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
 * temporary file would be removed under it. Best effort: a file it cannot remove is left, and no error is raised
 * (what was left behind never stops the writing it precedes).
 */
export async function removeStrayTemporaries(target: string): Promise<void> {
  const folder = path.dirname(target);
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => isTemporaryOf(target, name))
      .map((name) => rm(path.join(folder, name), { force: true }).catch(() => undefined)),
  );
}
