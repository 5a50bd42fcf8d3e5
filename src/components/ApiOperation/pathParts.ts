/**
 * A path cut after each slash: the places a long path may wrap on a narrow screen, so `/players/{player_id}/bans`
 * breaks before `bans`, never inside it. A segment longer than the line still breaks where it must (CSS
 * `overflow-wrap: anywhere`).
 */
export function pathParts(path: string): string[] {
  return path.split(/(?<=\/)/).filter((part) => part !== '');
}
