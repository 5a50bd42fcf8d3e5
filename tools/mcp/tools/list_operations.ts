import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { apiArgument } from '../arguments';
import { guarded, jsonResult, type ToolContext } from '../context';

/**
 * How many calls one answer lists unless the assistant asks for fewer or more (at most `maxListed`). Microsoft
 * Graph's 11,422 calls made one answer of 4.2 MB (measured), past what an assistant's context holds; the answer says how
 * many there are and where to continue.
 */
export const defaultListed = 100;
export const maxListed = 500;

/** The offset a `cursor` of this tool stands for; anything else is refused with why. */
function offsetOf(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const offset = /^(0|[1-9]\d{0,8})$/.test(cursor) ? Number(cursor) : NaN;
  if (!(offset <= total)) throw new Error(`cursor ${JSON.stringify(cursor)} is not one list_operations gave`);
  return offset;
}

export function registerListOperations(server: McpServer, { source, apis, apiOf, load }: ToolContext): void {
  server.registerTool(
    'list_operations',
    {
      title: 'List API calls',
      description:
        "The calls of the portal's APIs: operationId, method, path, summary, tags and the page's URL, " +
        `${defaultListed} at a time: the answer gives the total and a nextCursor while there are more.`,
      inputSchema: {
        api: apiArgument(apis).optional(),
        tag: z.string().optional().describe('Only the calls of this tag'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(maxListed)
          .optional()
          .describe(`At most this many calls (${defaultListed} unless set)`),
        cursor: z.string().optional().describe('Continue after the calls of an earlier answer: its nextCursor'),
      },
      outputSchema: {
        operations: z.array(
          z.object({
            api: z.string(),
            operationId: z.string(),
            method: z.string(),
            path: z.string(),
            summary: z.string(),
            tags: z.array(z.string()),
            url: z.string(),
          }),
        ),
        total: z.number().describe('How many calls match, in all'),
        nextCursor: z.string().optional().describe('Where the next answer starts, while there are more'),
      },
    },
    guarded(async ({ api, tag, limit, cursor }: { api?: string; tag?: string; limit?: number; cursor?: string }) => {
      const chosen = api ? [apiOf(api)] : apis;
      const operations = [];
      for (const each of chosen) {
        const { views } = await load(each);
        for (const view of views) {
          if (tag && !view.tags.includes(tag)) continue;
          operations.push({
            api: each.key,
            operationId: view.operationId,
            method: view.method.toUpperCase(),
            path: view.path,
            summary: view.summary,
            tags: view.tags,
            url: `${source.siteUrl}${each.linkBase}/${view.slug}`,
          });
        }
      }
      const start = offsetOf(cursor, operations.length);
      const end = start + (limit ?? defaultListed);
      return jsonResult({
        operations: operations.slice(start, end),
        total: operations.length,
        ...(end < operations.length ? { nextCursor: String(end) } : {}),
      });
    }),
  );
}
