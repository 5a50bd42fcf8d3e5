import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { carriedContentVariable } from '../../../config/build';

/**
 * What a plugin loads in one step of a production build, kept for the build's later steps (config/build.ts runs each
 * in a process of its own, and each loads the site again): they read it back rather than load it again. The docs
 * plugin's loaded content is the largest: at Microsoft Graph's 14,684 pages it reads and parses every page's file,
 * some 47 s in each of three steps (2026-11-28). Only within one build, whose files do not change between its steps:
 * the folder is the build's own (tools/build sets `carriedContentVariable` and removes the folder with the build).
 * Structured clone (v8), not JSON: the content holds dates (front matter) and must come back as it was. A class's
 * instance would come back a plain object: the docs plugin's content is plain data (what `contentLoaded` serialises
 * into the site's modules).
 */
export async function carried<T>(name: string, load: () => T | Promise<T>, env = process.env): Promise<T> {
  const folder = env[carriedContentVariable];
  if (!folder) return load();
  const file = path.join(folder, `${name.replace(/[^\w.-]/g, '_')}.v8`);
  if (existsSync(file)) {
    try {
      return deserialize(readFileSync(file)) as T;
    } catch {
      // Unreadable (a step stopped while writing it): loaded again, as without the folder.
    }
  }
  const content = await load();
  try {
    mkdirSync(folder, { recursive: true });
    // Under another name, then renamed: a step that reads it never sees half a file.
    writeFileSync(`${file}.partial`, serialize(content));
    renameSync(`${file}.partial`, file);
  } catch (error) {
    // Content that does not clone (a function in it), or no room: each step loads its own, as without the folder.
    console.warn(
      `[carried] ${name} is loaded again by each step: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return content;
}
