import { z } from 'zod';
import type { McpApi } from './context';

/** `a`, `a` or `b`, `a`, `b` or `c`: names in backticks, as a sentence lists them. */
export function namesList(names: readonly string[], last: 'or' | 'and' = 'or'): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} ${last} ${quoted.at(-1)}`;
}

/**
 * The description of an API argument, from the server's APIs (config/apis.ts's records, through the CLI), so an
 * API added there is named here without a change to this folder.
 */
export function apiDescription(apis: readonly McpApi[]): string {
  const keys = apis.map((api) => `\`${api.key}\``).join(', ');
  const ids = apis.map((api) => `\`${api.id}\``).join(', ');
  return `The API: its short name (${keys}) or document id (${ids})`;
}

export const apiArgument = (apis: readonly McpApi[]) => z.string().describe(apiDescription(apis));

export const operationArgument = z
  .string()
  .describe('The call: its operationId (`getPlayerHistory`) or method and path (`GET /players/{player_id}/history`)');

/** Parameter values by name, as an assistant gives them; described by each tool for what it does with them. */
export const valuesArgument = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
  .optional();
