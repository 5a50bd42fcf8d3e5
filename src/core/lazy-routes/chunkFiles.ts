/**
 * What a lazy table registers (written by the build's split, read by the browser's route groups): the directory of
 * its chunks' files (the runtime's prefix), and each chunk's file there by id, without its `.js`: `<name>.<hash>`.
 */
export interface ChunkFiles {
  prefix: string;
  files: Record<string, string>;
}
