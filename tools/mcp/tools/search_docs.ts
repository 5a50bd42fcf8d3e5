import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { guidesSection, schemasSection } from '../../../src/core/search/sections';
import { guarded, jsonResult, type ToolContext } from '../context';
import { searchDocs } from '../search';

export function registerSearchDocs(server: McpServer, { source, apis }: ToolContext): void {
  const sections = [guidesSection, ...apis.map((api) => api.title), schemasSection] as [string, ...string[]];
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        "The portal's own search (guides, calls, schemas), ranked as its search box ranks: each result's title, URL, section, kind and the matching text.",
      inputSchema: {
        query: z.string().min(1).max(200).describe('Words to look for: `player match history`, `rate limits`'),
        section: z.enum(sections).optional().describe('Only this section'),
        limit: z.number().int().min(1).max(20).optional().describe('How many results, 5 by default'),
      },
      outputSchema: {
        results: z.array(
          z.object({
            title: z.string(),
            url: z.string(),
            heading: z.string().optional(),
            section: z.string(),
            kind: z.enum(['operation', 'schema', 'guide']),
            excerpt: z.string(),
          }),
        ),
      },
    },
    guarded(async ({ query, section, limit }: { query: string; section?: string; limit?: number }) => {
      const results = await searchDocs(source, { query, section, limit: limit ?? 5 });
      return jsonResult({ results });
    }),
  );
}
