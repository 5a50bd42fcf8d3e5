import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { apiArgument, operationArgument } from '../arguments';
import { guarded, textResult, type ToolContext } from '../context';

export function registerGetOperation(server: McpServer, { source, apis, operationOf }: ToolContext): void {
  server.registerTool(
    'get_operation',
    {
      title: 'Read a call',
      description:
        "A call's page as Markdown: parameters with their limits and defaults, body, responses and errors, a curl sample.",
      inputSchema: { api: apiArgument(apis), operation: operationArgument },
    },
    guarded(async ({ api, operation }: { api: string; operation: string }) => {
      const found = await operationOf(api, operation);
      return textResult(await source.text(`${found.api.linkBase}/${found.view.slug}.md`));
    }),
  );
}
