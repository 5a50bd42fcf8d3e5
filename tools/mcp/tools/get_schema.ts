import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { JsonObject } from '../../../src/core/openapi/document';
import { schemaSlug } from '../../../src/core/openapi/view';
import { apiArgument } from '../arguments';
import { guarded, textResult, type ToolContext } from '../context';

export function registerGetSchema(server: McpServer, { source, apis, apiOf, load }: ToolContext): void {
  server.registerTool(
    'get_schema',
    {
      title: 'Read a schema',
      description: "A named schema's page as Markdown: its fields, types, limits and the calls that use it.",
      inputSchema: {
        api: apiArgument(apis),
        name: z.string().describe('The schema name, as in the document: `Match`'),
      },
    },
    guarded(async ({ api, name }: { api: string; name: string }) => {
      const chosen = apiOf(api);
      const { document } = await load(chosen);
      const schemas = ((document.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
      if (!(name in schemas)) throw new Error(`the ${chosen.title} has no schema ${JSON.stringify(name)}`);
      return textResult(await source.text(`${chosen.linkBase}/${schemaSlug(document, name)}.md`));
    }),
  );
}
