import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { apiArgument } from '../arguments';
import { guarded, jsonResult, type ToolContext } from '../context';

export function registerListOperations(server: McpServer, { source, apis, apiOf, load }: ToolContext): void {
  server.registerTool(
    'list_operations',
    {
      title: 'List API calls',
      description: "The calls of the portal's APIs: operationId, method, path, summary, tags and the page's URL.",
      inputSchema: {
        api: apiArgument(apis).optional(),
        tag: z.string().optional().describe('Only the calls of this tag'),
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
      },
    },
    guarded(async ({ api, tag }: { api?: string; tag?: string }) => {
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
      return jsonResult({ operations });
    }),
  );
}
