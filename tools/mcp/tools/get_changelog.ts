import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { apiArgument } from '../arguments';
import { guarded, textResult, type ToolContext } from '../context';

export function registerGetChangelog(server: McpServer, { source, apis, apiOf }: ToolContext): void {
  server.registerTool(
    'get_changelog',
    {
      title: "Read an API's changelog",
      description:
        "What changed in an API's document, newest first, breaking changes apart: the changelog page as Markdown, from a date on if `since` is given.",
      inputSchema: {
        api: apiArgument(apis),
        since: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
          .optional()
          .describe('Only the entries of this day and later: YYYY-MM-DD'),
      },
    },
    guarded(async ({ api, since }: { api: string; since?: string }) => {
      const chosen = apiOf(api);
      const markdown = await source.text(`${chosen.linkBase}/changelog.md`);
      if (!since) return textResult(markdown);
      // The page's entries are its second-level headings, each a date (`## 2026-11-22`), newest first.
      const [head, ...entries] = markdown.split(/^(?=## \d{4}-\d{2}-\d{2}\b)/m);
      const kept = entries.filter((entry) => entry.slice(3, 13) >= since);
      return textResult(kept.length > 0 ? [head, ...kept].join('') : `${head}No entry since ${since}.\n`);
    }),
  );
}
